import Foundation

/// Where a link goes. Pages of the app-bound hosts stay in the web view (the only hosts where
/// WebKit runs our service worker and our scripts); any other web page opens in Safari, and other
/// schemes (mailto:, tel:, maps) go to the app that handles them.
enum NavigationPolicy {
    enum Decision: Equatable {
        case stayInApp
        case openInSafari
        case openWithSystem
        case ignore
    }

    static func isAppBound(_ url: URL) -> Bool {
        guard url.scheme == "https", let host = url.host?.lowercased() else { return false }
        let hostWithPort = url.port.map { "\(host):\($0)" } ?? host
        return Settings.appBoundHosts.contains(host) || Settings.appBoundHosts.contains(hostWithPort)
    }

    static func decide(_ url: URL, isMainFrame: Bool) -> Decision {
        switch url.scheme?.lowercased() {
        case "https" where isAppBound(url):
            return .stayInApp
        case "about", "blob", "data":
            // In-page resources (blob: downloads, about:blank frames) are the page's own business.
            return .stayInApp
        case "http", "https":
            // Sub-frames of other sites (embedded maps, videos) may load; only a page leaving the
            // app goes to Safari.
            return isMainFrame ? .openInSafari : .stayInApp
        case .some:
            return .openWithSystem
        case .none:
            return .ignore
        }
    }
}
