/**
 * Markdown from the server (content pages, help) as React elements, with `react-markdown`
 * (CommonMark; remark → rehype → React). No HTML string is ever built or parsed, so nothing goes
 * through `dangerouslySetInnerHTML` and there is no markup to sanitise: raw HTML an editor typed is
 * dropped (`skipHtml`), and link and image addresses pass react-markdown's `defaultUrlTransform`,
 * which empties `javascript:`, `data:` and any other scheme than http(s), mailto, tel and a few chat
 * protocols. The renderer loads only with the lazily loaded content pages and the page dialog,
 * never on the first route.
 *
 * Links: one to another page of the app (`/general-content-page/privacy-policy`) is a router link
 * (no reload), or goes to `onInternalLink` when the caller wants to decide (the dialog); one to
 * another site opens in a new tab without an opener. Headings start at `topLevel`, so the outline
 * continues the page's own.
 */
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';

/** A path inside the app (`/…`, not `//…`), from a link's href. */
export function internalPath(href: string | null | undefined): string | null {
  if (!href || !href.startsWith('/') || href.startsWith('//')) return null;
  return href;
}

type Level = 1 | 2 | 3 | 4 | 5 | 6;
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

function components(topLevel: number, onInternalLink?: (path: string) => void): Components {
  const heading = (depth: Level) => {
    const Tag = HEADINGS[Math.min(6, depth + topLevel - 1) - 1] ?? 'h6';
    return function Heading({ children }: { children?: ReactNode }) {
      return <Tag>{children}</Tag>;
    };
  };
  return {
    h1: heading(1),
    h2: heading(2),
    h3: heading(3),
    h4: heading(4),
    h5: heading(5),
    h6: heading(6),
    a({ href, children }) {
      const path = internalPath(href);
      if (path === null) {
        return (
          <Link href={href} target="_blank" rel="noopener noreferrer">
            {children}
          </Link>
        );
      }
      const follow = (event: MouseEvent<HTMLAnchorElement>) => {
        if (!onInternalLink || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onInternalLink(path);
      };
      return (
        <Link component={RouterLink} to={path} onClick={follow}>
          {children}
        </Link>
      );
    },
  };
}

export interface MarkdownProps {
  markdown: string;
  /** The heading level a Markdown `#` becomes (a page passes 1; its `##` sections are then h2). */
  topLevel?: number;
  /** Takes over links to other pages of the app (without it they are plain router links). */
  onInternalLink?: (path: string) => void;
}

export function Markdown({ markdown, topLevel = 1, onInternalLink }: MarkdownProps) {
  const mapped = useMemo(() => components(topLevel, onInternalLink), [topLevel, onInternalLink]);
  return (
    <Box
      className="markdown"
      sx={(theme) => ({
        ...theme.typography.body1,
        overflowWrap: 'anywhere',
        '& h1, & h2, & h3, & h4, & h5, & h6': { mt: 3, mb: 1, lineHeight: 1.3 },
        '& h1, & h2': { ...theme.typography.h5 },
        '& h3': { ...theme.typography.h6 },
        '& h4, & h5, & h6': { ...theme.typography.subtitle1, fontWeight: 600 },
        '& p': { my: 1.5 },
        '& ul, & ol': { my: 1.5, pl: 3 },
        '& li': { my: 0.5 },
        '& blockquote': {
          mx: 0,
          my: 2,
          px: 2,
          py: 0.5,
          borderLeft: `4px solid ${theme.palette.warning.main}`,
          bgcolor: '#fff8e1',
          borderRadius: 1,
        },
        '& code': { fontFamily: 'monospace', fontSize: '0.9em' },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& > :first-of-type': { mt: 0 },
      })}
    >
      <ReactMarkdown components={mapped} skipHtml>
        {markdown}
      </ReactMarkdown>
    </Box>
  );
}
