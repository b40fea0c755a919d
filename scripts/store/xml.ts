/**
 * A strict, small XML reader for the store checks: Android resources and manifests, plists and
 * entitlements. It refuses what an XML parser refuses (unbalanced or crossed tags, bad attributes,
 * unknown entities, text outside the root) and returns the element tree, so the plist reader can
 * build on it without a dependency. It does not process DTDs beyond skipping the DOCTYPE line.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (entities decoded), children's text excluded. */
  text: string;
}

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string, where: number): string {
  return text.replace(/&([^;]*);?/g, (match, body: string) => {
    if (!match.endsWith(';')) throw new Error(`bare & at ${where}`);
    const entity = ENTITIES[body];
    if (entity !== undefined) return entity;
    if (/^#x[0-9a-f]+$/i.test(body)) return String.fromCodePoint(parseInt(body.slice(2), 16));
    if (/^#\d+$/.test(body)) return String.fromCodePoint(Number(body.slice(1)));
    throw new Error(`unknown entity &${body}; at ${where}`);
  });
}

export function parseXml(source: string): XmlElement {
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const fail = (message: string): never => {
    const line = source.slice(0, i).split('\n').length;
    throw new Error(`XML: ${message} (line ${line})`);
  };
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const text = source.slice(i, lt === -1 ? source.length : lt);
    // The element the text, CDATA or child element at `lt` belongs to.
    const parent = stack.at(-1);
    if (parent) parent.text += decode(text, i);
    else if (text.trim()) fail('text outside the root element');
    if (lt === -1) break;
    i = lt;
    if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i + 4);
      if (end === -1) fail('unterminated comment');
      i = end + 3;
    } else if (source.startsWith('<![CDATA[', i)) {
      const end = source.indexOf(']]>', i);
      if (end === -1 || !parent) return fail('CDATA outside an element');
      parent.text += source.slice(i + 9, end);
      i = end + 3;
    } else if (source.startsWith('<?', i)) {
      const end = source.indexOf('?>', i);
      if (end === -1) fail('unterminated processing instruction');
      i = end + 2;
    } else if (source.startsWith('<!DOCTYPE', i)) {
      if (root) fail('DOCTYPE after the root');
      const end = source.indexOf('>', i);
      i = end + 1;
    } else if (source.startsWith('</', i)) {
      const name = NAME.exec(source.slice(i + 2))?.[0] ?? fail('bad closing tag');
      const open = stack.pop() ?? fail(`closing </${name}> without an opening tag`);
      if (open.name !== name) fail(`</${name}> closes <${open.name}>`);
      i += 2 + name.length;
      const end = /^\s*>/.exec(source.slice(i)) ?? fail(`bad closing tag </${name}`);
      i += end[0].length;
    } else {
      i += 1;
      const name = NAME.exec(source.slice(i))?.[0] ?? fail('bad tag name');
      i += name.length;
      const element: XmlElement = { name, attributes: {}, children: [], text: '' };
      for (;;) {
        const space = /^\s*/.exec(source.slice(i))?.[0] ?? '';
        i += space.length;
        if (source.startsWith('/>', i) || source.startsWith('>', i)) break;
        if (!space) fail(`attributes of <${name}> need spaces between them`);
        const attr = /^([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(source.slice(i));
        const key = attr?.[1] ?? fail(`bad attribute in <${name}>`);
        if (key in element.attributes) fail(`duplicate attribute ${key} in <${name}>`);
        element.attributes[key] = decode(attr?.[3] ?? attr?.[4] ?? '', i);
        i += attr?.[0].length ?? 0;
      }
      if (parent) parent.children.push(element);
      else if (root) fail('a second root element');
      else root = element;
      if (source.startsWith('/>', i)) i += 2;
      else {
        i += 1;
        stack.push(element);
      }
    }
  }
  const open = stack.at(-1);
  if (open) fail(`<${open.name}> is never closed`);
  return root ?? fail('no root element');
}
