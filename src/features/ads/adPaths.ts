/** The ad's own page (/newsfeed-ad-view), with the showing whose click it counts when there is one. */
export const adPagePath = (adId: string, viewId?: string) =>
  `/newsfeed-ad-view?${new URLSearchParams(viewId ? { ad_id: adId, view: viewId } : { ad_id: adId }).toString()}`;
