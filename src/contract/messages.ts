/**
 * The messages module: `messages.someKey` everywhere in client and server. The texts live in
 * messageTexts.ts as named exports; a namespace re-export lets the bundler tree-shake per chunk.
 */
export * as messages from './messageTexts';
import type * as messageTexts from './messageTexts';

export type MessageKey = keyof typeof messageTexts;

/** Fills `{name}` placeholders; unknown placeholders are left as they are so a gap is visible. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    return value === undefined ? whole : String(value);
  });
}
