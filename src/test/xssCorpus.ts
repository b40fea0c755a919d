/**
 * Hostile Markdown and HTML that free text shown to others must never turn into running code:
 * script tags, event handlers, javascript:/vbscript:/data: URLs, SVG and MathML payloads, frames,
 * forms, styles and broken markup. Shared by the renderer's test (src/features/cms/Markdown.xss.test.tsx)
 * and the server's (tests/server/content-admin.test.ts: each payload is stored and read back as
 * written). Every payload that could run sets `window.__xss`, so a test can also check that nothing ran.
 */
export interface XssCase {
  name: string;
  markdown: string;
}

const RUN = 'window.__xss=1';

export const XSS_CORPUS: readonly XssCase[] = [
  { name: 'script tag', markdown: `<script>${RUN}</script>` },
  { name: 'script tag, mixed case', markdown: `<ScRiPt>${RUN}</sCrIpT>` },
  { name: 'script with src', markdown: '<script src="https://evil.example/x.js"></script>' },
  { name: 'script split over lines', markdown: `<script\n>${RUN}</script\n>` },
  { name: 'img onerror', markdown: `<img src=x onerror="${RUN}">` },
  { name: 'img onerror without quotes', markdown: `<img src=x onerror=${RUN}>` },
  { name: 'body onload', markdown: `<body onload="${RUN}">` },
  { name: 'div onmouseover', markdown: `<div onmouseover="${RUN}">hover</div>` },
  { name: 'inline svg onload', markdown: `<svg onload="${RUN}"></svg>` },
  { name: 'svg script', markdown: `<svg><script>${RUN}</script></svg>` },
  {
    name: 'svg animate href',
    markdown: `<svg><a><animate attributeName=href values=javascript:${RUN} /><text y=20>x</text></a></svg>`,
  },
  {
    name: 'svg foreignObject',
    markdown: `<svg><foreignObject><iframe srcdoc="<script>${RUN}</script>"></iframe></foreignObject></svg>`,
  },
  { name: 'math href', markdown: `<math><mtext><a href="javascript:${RUN}">x</a></mtext></math>` },
  { name: 'iframe javascript', markdown: `<iframe src="javascript:${RUN}"></iframe>` },
  { name: 'iframe srcdoc', markdown: `<iframe srcdoc="<script>${RUN}</script>"></iframe>` },
  {
    name: 'object data',
    markdown: '<object data="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg=="></object>',
  },
  { name: 'embed', markdown: '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIj4=">' },
  { name: 'form action', markdown: `<form action="javascript:${RUN}"><button>Go</button></form>` },
  { name: 'input autofocus onfocus', markdown: `<input autofocus onfocus="${RUN}">` },
  { name: 'details ontoggle', markdown: `<details open ontoggle="${RUN}">x</details>` },
  { name: 'style tag', markdown: '<style>body{background:url("javascript:alert(1)")}</style>' },
  { name: 'style attribute', markdown: '<p style="background:url(javascript:alert(1))">x</p>' },
  { name: 'meta refresh', markdown: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' },
  { name: 'base href', markdown: '<base href="javascript:/">' },
  { name: 'link javascript', markdown: `[click](javascript:${RUN})` },
  { name: 'link javascript, mixed case', markdown: `[click](JaVaScRiPt:${RUN})` },
  { name: 'link javascript, entity encoded', markdown: `[click](&#106;avascript:${RUN})` },
  { name: 'link javascript, tab inside', markdown: `[click](java\tscript:${RUN})` },
  { name: 'link javascript, leading space', markdown: `[click]( javascript:${RUN})` },
  { name: 'link vbscript', markdown: '[click](vbscript:msgbox(1))' },
  { name: 'link data html', markdown: '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)' },
  { name: 'reference link javascript', markdown: `[click][x]\n\n[x]: javascript:${RUN}` },
  { name: 'autolink javascript', markdown: `<javascript:${RUN}>` },
  { name: 'image javascript', markdown: `![x](javascript:${RUN})` },
  { name: 'image data svg', markdown: '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIj4=)' },
  { name: 'image title breakout', markdown: `![x](https://example.org/a.png "a\\" onerror=\\"${RUN})` },
  { name: 'html anchor javascript', markdown: `<a href="javascript:${RUN}">x</a>` },
  { name: 'broken markup', markdown: `<img src=x onerror=${RUN}//<b>` },
  { name: 'unclosed attribute', markdown: `<a href="x onclick=${RUN}>x` },
  { name: 'nested comment breakout', markdown: `<!--<img src="--><img src=x onerror=${RUN}>-->` },
  { name: 'cdata breakout', markdown: `<![CDATA[><img src=x onerror=${RUN}>]]>` },
  { name: 'html in code span stays text', markdown: `\`<img src=x onerror=${RUN}>\`` },
  { name: 'html in fenced code stays text', markdown: `\`\`\`html\n<script>${RUN}</script>\n\`\`\`` },
  { name: 'html inside a list item', markdown: `- item <img src=x onerror=${RUN}>` },
  { name: 'html inside a table-like line', markdown: `| a | <svg onload=${RUN}> |\n|---|---|` },
  { name: 'entity encoded tag', markdown: `&lt;script&gt;${RUN}&lt;/script&gt;` },
  { name: 'null byte in scheme', markdown: `[click](java\u200bscript:${RUN})` },
  { name: 'template tag', markdown: `<template><img src=x onerror=${RUN}></template>` },
  { name: 'noscript breakout', markdown: `<noscript><p title="</noscript><img src=x onerror=${RUN}>">` },
];
