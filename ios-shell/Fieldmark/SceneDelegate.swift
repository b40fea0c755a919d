import UIKit

/// Opens the window and routes every way into the app to a URL of the web app: a cold start,
/// a universal link (applinks: in the entitlements, apple-app-site-association on the server)
/// and a home-screen shortcut (UIApplicationShortcutItems in Info.plist).
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private let webViewController = WebViewController()

    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.backgroundColor = Settings.backgroundColor
        window.rootViewController = webViewController
        self.window = window
        window.makeKeyAndVisible()

        let linked = connectionOptions.userActivities.lazy.compactMap(Self.universalLink).first
        let shortcut = connectionOptions.shortcutItem.flatMap(Self.shortcutURL)
        webViewController.start(at: linked ?? shortcut ?? Settings.startURL)
    }

    /// A universal link tapped while the app runs (or resumes).
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        if let url = Self.universalLink(userActivity) {
            webViewController.open(url)
        }
    }

    func windowScene(
        _ windowScene: UIWindowScene,
        performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) {
        guard let url = Self.shortcutURL(shortcutItem) else {
            completionHandler(false)
            return
        }
        webViewController.open(url)
        completionHandler(true)
    }

    private static func universalLink(_ activity: NSUserActivity) -> URL? {
        guard activity.activityType == NSUserActivityTypeBrowsingWeb,
              let url = activity.webpageURL,
              NavigationPolicy.isAppBound(url) else { return nil }
        return url
    }

    private static func shortcutURL(_ item: UIApplicationShortcutItem) -> URL? {
        guard let path = item.userInfo?["path"] as? String else { return nil }
        return URL(string: path, relativeTo: Settings.origin)?.absoluteURL
    }
}
