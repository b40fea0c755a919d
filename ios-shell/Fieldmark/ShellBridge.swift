import UIKit
import WebKit

/// The page's way to the native side, `window.webkit.messageHandlers.<Settings.messageHandler>`.
/// The script injected at document start marks the page as running in the shell and routes the
/// Web Share API (`navigator.share`, used by "Share via Social") to the native share sheet, so the
/// web app's own code works unchanged. Messages carry a reply, which resolves the page's promise.
final class ShellBridge: NSObject, WKScriptMessageHandlerWithReply {
    private weak var presenter: UIViewController?

    init(presenter: UIViewController) {
        self.presenter = presenter
    }

    /// Runs before any page script, in app-bound pages only (WebKit refuses injection elsewhere).
    static var userScript: WKUserScript {
        let source = """
        (function () {
          window.__fieldmarkShell = 'ios';
          var handler = window.webkit && window.webkit.messageHandlers
            && window.webkit.messageHandlers['\(Settings.messageHandler)'];
          if (!handler) return;
          var share = function (data) {
            data = data || {};
            return handler.postMessage({
              type: 'share',
              title: String(data.title || ''),
              text: String(data.text || ''),
              url: String(data.url || '')
            }).then(function (outcome) {
              if (outcome !== 'shared') throw new DOMException('Share cancelled', 'AbortError');
            });
          };
          Object.defineProperty(navigator, 'share', { value: share, configurable: true });
          Object.defineProperty(navigator, 'canShare', {
            value: function (data) { return !!data && !!(data.url || data.text || data.title); },
            configurable: true
          });
        })();
        """
        return WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: true)
    }

    func userContentController(
        _ userContentController: WKUserContentController,
        didReceive message: WKScriptMessage,
        replyHandler: @escaping (Any?, String?) -> Void
    ) {
        guard message.frameInfo.isMainFrame,
              NavigationPolicy.isAppBound(message.frameInfo.request.url ?? Settings.origin),
              let body = message.body as? [String: Any],
              let type = body["type"] as? String else {
            replyHandler(nil, "refused")
            return
        }
        switch type {
        case "share":
            share(body, reply: replyHandler)
        default:
            replyHandler(nil, "unknown message \(type)")
        }
    }

    private func share(_ body: [String: Any], reply: @escaping (Any?, String?) -> Void) {
        guard let presenter else {
            reply("failed", nil)
            return
        }
        var items: [Any] = []
        let text = [body["title"] as? String, body["text"] as? String]
            .compactMap { $0 }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
        if !text.isEmpty { items.append(text) }
        if let link = body["url"] as? String, let url = URL(string: link), !link.isEmpty { items.append(url) }
        guard !items.isEmpty else {
            reply("failed", nil)
            return
        }
        let sheet = UIActivityViewController(activityItems: items, applicationActivities: nil)
        sheet.completionWithItemsHandler = { _, completed, _, error in
            reply(completed ? "shared" : (error == nil ? "cancelled" : "failed"), nil)
        }
        // On iPad the sheet is a popover and needs an anchor.
        sheet.popoverPresentationController?.sourceView = presenter.view
        sheet.popoverPresentationController?.sourceRect = CGRect(
            x: presenter.view.bounds.midX, y: presenter.view.bounds.midY, width: 0, height: 0
        )
        sheet.popoverPresentationController?.permittedArrowDirections = []
        presenter.present(sheet, animated: true)
    }
}
