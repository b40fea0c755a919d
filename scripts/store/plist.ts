/**
 * Property lists (Info.plist, entitlements) written and read as Apple's XML format. Writing is
 * deterministic (keys in the order given); reading is strict where the `plist` package is lenient:
 * every <key> must be followed by a value, so a half-edited plist fails the check.
 */
import { parseXml, type XmlElement } from './xml';
import { present } from '../../server/present';

export type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue };

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function write(value: PlistValue, indent: string): string {
  const inner = `${indent}\t`;
  if (typeof value === 'string') return `${indent}<string>${escape(value)}</string>`;
  if (typeof value === 'boolean') return `${indent}<${value}/>`;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('plist: only integers are written');
    return `${indent}<integer>${value}</integer>`;
  }
  if (Array.isArray(value)) {
    if (!value.length) return `${indent}<array/>`;
    return `${indent}<array>\n${value.map((v) => write(v, inner)).join('\n')}\n${indent}</array>`;
  }
  const entries = Object.entries(value);
  if (!entries.length) return `${indent}<dict/>`;
  const body = entries.map(([k, v]) => `${inner}<key>${escape(k)}</key>\n${write(v, inner)}`).join('\n');
  return `${indent}<dict>\n${body}\n${indent}</dict>`;
}

export function buildPlist(value: { [key: string]: PlistValue }): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    write(value, ''),
    '</plist>',
    '',
  ].join('\n');
}

function read(element: XmlElement): PlistValue {
  switch (element.name) {
    case 'string':
      return element.text;
    case 'integer':
      if (!/^-?\d+$/.test(element.text.trim())) throw new Error(`plist: bad integer ${element.text}`);
      return Number(element.text);
    case 'true':
      return true;
    case 'false':
      return false;
    case 'array':
      return element.children.map(read);
    case 'dict': {
      const out: { [key: string]: PlistValue } = {};
      const children = element.children;
      for (let k = 0; k < children.length; k += 2) {
        const key = present(children[k]);
        const value = children[k + 1];
        if (key.name !== 'key') throw new Error(`plist: <${key.name}> where a <key> belongs`);
        if (!value || value.name === 'key') throw new Error(`plist: key ${key.text} has no value`);
        if (key.text in out) throw new Error(`plist: duplicate key ${key.text}`);
        out[key.text] = read(value);
      }
      return out;
    }
    default:
      throw new Error(`plist: unsupported element <${element.name}>`);
  }
}

export function parsePlist(source: string): { [key: string]: PlistValue } {
  const root = parseXml(source);
  if (root.name !== 'plist' || root.children.length !== 1 || present(root.children[0]).name !== 'dict') {
    throw new Error('plist: the root must be <plist> holding one <dict>');
  }
  return read(present(root.children[0])) as { [key: string]: PlistValue };
}
