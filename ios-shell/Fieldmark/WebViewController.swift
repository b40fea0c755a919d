import Network
import UIKit
import WebKit

/// The whole app: one WKWebView on the app's origin. App-bound mode (WKAppBoundDomains in
/// Info.plist + limitsNavigationsToAppBoundDomains) is what lets WebKit run the service worker,
/// so the web app works offline here as it does installed from the browser; the default
/// (persistent) website data store keeps its IndexedDB and caches between launches.
final class WebViewController: UIViewController, WKNavigationDelegate, WKUIDelegate {
    private var webView: WKWebView!
    private let refreshControl = UIRefreshControl()
    private let offlineView = OfflineView()
    private let pathMonitor = NWPathMonitor()
    private var pendingURL: URL?
    /// Whether any page ever loaded: until then there is no service worker and no offline app.
    private var hasLoadedOnce = UserDefaults.standard.bool(forKey: "hasLoadedOnce") {
        didSet { UserDefaults.standard.set(hasLoadedOnce, forKey: "hasLoadedOnce") }
    }

    override var preferredStatusBarStyle: UIStatusBarStyle { Settings.statusBarStyle }

    override func loadView() {
        let configuration = WKWebViewConfiguration()
        configuration.websiteDataStore = .default()
        configuration.limitsNavigationsToAppBoundDomains = true
        configuration.applicationNameForUserAgent = Settings.userAgentToken
        configuration.allowsInlineMediaPlayback = true
        let content = configuration.userContentController
        content.addUserScript(ShellBridge.userScript)
        content.addScriptMessageHandler(
            ShellBridge(presenter: self), contentWorld: .page, name: Settings.messageHandler
        )

        webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = self
        webView.uiDelegate = self
        webView.allowsBackForwardNavigationGestures = true
        webView.isOpaque = false
        webView.backgroundColor = Settings.backgroundColor
        webView.scrollView.refreshControl = refreshControl
        refreshControl.addAction(UIAction { [weak self] _ in self?.webView.reload() }, for: .valueChanged)

        // The status bar sits on the theme colour; the web view starts below it.
        let root = UIView()
        root.backgroundColor = Settings.themeColor
        webView.translatesAutoresizingMaskIntoConstraints = false
        offlineView.translatesAutoresizingMaskIntoConstraints = false
        offlineView.isHidden = true
        offlineView.onRetry = { [weak self] in self?.retry() }
        root.addSubview(webView)
        root.addSubview(offlineView)
        NSLayoutConstraint.activate([
            webView.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            webView.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            webView.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            webView.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            offlineView.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            offlineView.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            offlineView.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            offlineView.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        ])
        view = root
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // Back online after an offline first launch: carry on without a tap.
        pathMonitor.pathUpdateHandler = { [weak self] path in
            guard path.status == .satisfied else { return }
            DispatchQueue.main.async {
                guard let self, !self.offlineView.isHidden else { return }
                self.retry()
            }
        }
        pathMonitor.start(queue: .global(qos: .utility))
    }

    deinit {
        pathMonitor.cancel()
    }

    /// The first page of this launch.
    func start(at url: URL) {
        loadViewIfNeeded()
        pendingURL = url
        webView.load(URLRequest(url: url))
    }

    /// A universal link or a shortcut while the app runs.
    func open(_ url: URL) {
        guard NavigationPolicy.isAppBound(url) else { return }
        start(at: url)
    }

    private func retry() {
        offlineView.isHidden = true
        webView.load(URLRequest(url: pendingURL ?? Settings.startURL))
    }

    // MARK: - WKNavigationDelegate

    func webView(
        _ webView: WKWebView,
        decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) {
        guard let url = navigationAction.request.url else {
            decisionHandler(.cancel)
            return
        }
        let isMainFrame = navigationAction.targetFrame?.isMainFrame ?? true
        switch NavigationPolicy.decide(url, isMainFrame: isMainFrame) {
        case .stayInApp:
            decisionHandler(.allow)
        case .openInSafari, .openWithSystem:
            decisionHandler(.cancel)
            UIApplication.shared.open(url)
        case .ignore:
            decisionHandler(.cancel)
        }
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        refreshControl.endRefreshing()
        offlineView.isHidden = true
        hasLoadedOnce = true
    }

    func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: Error
    ) {
        refreshControl.endRefreshing()
        let code = (error as NSError).code
        let offline = [NSURLErrorNotConnectedToInternet, NSURLErrorNetworkConnectionLost,
                       NSURLErrorTimedOut, NSURLErrorCannotConnectToHost, NSURLErrorDataNotAllowed]
        if !hasLoadedOnce && offline.contains(code) {
            offlineView.isHidden = false
        }
    }

    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: Error) {
        refreshControl.endRefreshing()
    }

    /// WebKit killed the content process (memory pressure): reload rather than show a blank page.
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        webView.reload()
    }

    // MARK: - WKUIDelegate

    /// `window.open` and target=_blank: app pages load here, other sites go to Safari.
    func webView(
        _ webView: WKWebView,
        createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction,
        windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        if let url = navigationAction.request.url {
            if NavigationPolicy.isAppBound(url) {
                webView.load(URLRequest(url: url))
            } else {
                UIApplication.shared.open(url)
            }
        }
        return nil
    }

    func webView(
        _ webView: WKWebView,
        runJavaScriptAlertPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping () -> Void
    ) {
        let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in completionHandler() })
        present(alert, animated: true)
    }

    func webView(
        _ webView: WKWebView,
        runJavaScriptConfirmPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping (Bool) -> Void
    ) {
        let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in completionHandler(false) })
        alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in completionHandler(true) })
        present(alert, animated: true)
    }
}
