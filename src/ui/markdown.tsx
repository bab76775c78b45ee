// Markdown as React elements, built from marked's tokens: no HTML string is ever injected. Raw
// HTML in the text shows as text, only http/https links leave the page, and deal links open the
// deal, each as the page rendering it says (./linkOpeners: the app's host and router, or the
// companion panel's own).
import { createContext, memo, useContext, useMemo } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import type { Token, Tokens } from 'marked';
import { splitBlocks } from '../lib/markdown/blocks';
import { firstLetterDirection } from '../lib/markdown/direction';
import { isProseBlock } from '../lib/markdown/proseBlock';
import { dealLinkId, decodeEntities, safeExternalUrl } from '../lib/markdown/inline';
import { useT } from '../platform/i18n';
import type { Translator } from '../../electron/domain/i18n/translator';
import { useLinkOpeners } from './linkOpeners';
import { ProseBlock } from './ProseBlock';

/** Headings inside rendered text start below the page's own (h1) and the card's (h2). */
export const HeadingBaseContext = createContext(3);

// ExternalLink and DealLink below are alike in shape only: different addresses, attributes and
// handlers, each a few lines; one link for both would need a switch on every prop.
function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const links = useLinkOpeners();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    links.openExternal(href);
  };
  return (
    <a href={href} onClick={onClick} rel="noreferrer noopener" target="_blank" title={href}>
      {children}
    </a>
  );
}

function DealLink({ dealId, children }: { dealId: string; children: ReactNode }) {
  const links = useLinkOpeners();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    links.openDeal(dealId);
  };
  return (
    <a href={`#/deals/${encodeURIComponent(dealId)}`} onClick={onClick} className="deal-link">
      {children}
    </a>
  );
}

function inlineChildren(tokens: Token[] | undefined, fallback: string): ReactNode {
  return tokens && tokens.length > 0 ? <Inline tokens={tokens} /> : decodeEntities(fallback);
}

function renderInline(token: Token, key: number, t: Translator['t']): ReactNode {
  switch (token.type) {
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens && text.tokens.length > 0 ? (
        <Inline key={key} tokens={text.tokens} />
      ) : (
        decodeEntities(text.text)
      );
    }
    case 'escape':
      return (token as Tokens.Escape).text;
    case 'strong':
      return (
        <strong key={key}>
          {inlineChildren((token as Tokens.Strong).tokens, (token as Tokens.Strong).text)}
        </strong>
      );
    case 'em':
      return (
        <em key={key}>{inlineChildren((token as Tokens.Em).tokens, (token as Tokens.Em).text)}</em>
      );
    case 'del':
      return (
        <del key={key}>
          {inlineChildren((token as Tokens.Del).tokens, (token as Tokens.Del).text)}
        </del>
      );
    case 'codespan':
      return <code key={key}>{(token as Tokens.Codespan).text}</code>;
    case 'br':
      return <br key={key} />;
    case 'link': {
      const link = token as Tokens.Link;
      const label = inlineChildren(link.tokens, link.text);
      const dealId = dealLinkId(link.href);
      if (dealId !== null) {
        return (
          <DealLink key={key} dealId={dealId}>
            {label}
          </DealLink>
        );
      }
      const href = safeExternalUrl(link.href);
      if (href === null) return <span key={key}>{label}</span>;
      return (
        <ExternalLink key={key} href={href}>
          {label}
        </ExternalLink>
      );
    }
    case 'image': {
      // Remote images are not loaded (privacy, and the CSP forbids them): offer the link.
      const image = token as Tokens.Image;
      const href = safeExternalUrl(image.href);
      const label = t('app.markdown.image', { name: image.text || image.href });
      return href ? (
        <ExternalLink key={key} href={href}>
          {label}
        </ExternalLink>
      ) : (
        <span key={key}>[{label}]</span>
      );
    }
    case 'checkbox': {
      const checked = (token as Tokens.Checkbox).checked;
      return (
        <span key={key} className="md-check">
          <span aria-hidden="true">{checked ? '☑' : '☐'}</span>
          <span className="visually-hidden">
            {checked ? t('app.markdown.taskDone') : t('app.markdown.taskToDo')}{' '}
          </span>
        </span>
      );
    }
    case 'html':
      return (token as Tokens.HTML).text;
    default:
      return 'text' in token && typeof token.text === 'string' ? token.text : token.raw;
  }
}

export function Inline({ tokens }: { tokens: Token[] }) {
  const t = useT();
  return <>{tokens.map((token, key) => renderInline(token, key, t))}</>;
}

function ListItemContent({ item }: { item: Tokens.ListItem }) {
  const t = useT();
  return (
    <>
      {item.tokens.map((child, i) => {
        if (child.type === 'text') {
          const text = child as Tokens.Text;
          return text.tokens ? <Inline key={i} tokens={text.tokens} /> : decodeEntities(text.text);
        }
        if (child.type === 'checkbox') return renderInline(child, i, t);
        return <Block key={i} token={child} />;
      })}
    </>
  );
}

const alignClass = (align: 'center' | 'left' | 'right' | null) =>
  align ? `align-${align}` : undefined;

/**
 * A list whose side (its markers' room) is its text's: English bullets in an Arabic answer sit
 * at the text's left, not at the far right with the text at the far left. Each item also takes
 * its own direction; the list's cannot come from dir="auto", which skips such items (HTML's rule).
 */
function ListBlock({ list }: { list: Tokens.List }) {
  const items = list.items.map((item, i) => (
    <li key={i} className={item.task ? 'md-task' : undefined} dir="auto">
      <ListItemContent item={item} />
    </li>
  ));
  const dir = firstLetterDirection(list.raw);
  return list.ordered ? (
    <ol start={typeof list.start === 'number' ? list.start : undefined} dir={dir}>
      {items}
    </ol>
  ) : (
    <ul dir={dir}>{items}</ul>
  );
}

function BlockBody({ token }: { token: Token }) {
  const base = useContext(HeadingBaseContext);
  const t = useT();
  switch (token.type) {
    case 'heading': {
      const h = token as Tokens.Heading;
      const level = Math.min(6, base + h.depth - 1);
      const Tag = `h${level}` as 'h3';
      return (
        <Tag className={`md-h md-h${Math.min(h.depth, 4)}`} dir="auto">
          <Inline tokens={h.tokens} />
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p dir="auto">
          <Inline tokens={(token as Tokens.Paragraph).tokens} />
        </p>
      );
    case 'text': {
      const text = token as Tokens.Text;
      return (
        <p dir="auto">
          {text.tokens ? <Inline tokens={text.tokens} /> : decodeEntities(text.text)}
        </p>
      );
    }
    case 'list':
      return <ListBlock list={token as Tokens.List} />;
    case 'code': {
      const code = token as Tokens.Code;
      if (isProseBlock(code.lang, code.text)) return <ProseBlock text={code.text} />;
      return (
        <pre
          className="md-code"
          tabIndex={0}
          aria-label={
            code.lang ? t('app.markdown.codeIn', { language: code.lang }) : t('app.markdown.code')
          }
        >
          <code>{code.text}</code>
        </pre>
      );
    }
    case 'blockquote':
      return (
        <blockquote dir="auto">
          {(token as Tokens.Blockquote).tokens.map((child, i) => (
            <Block key={i} token={child} />
          ))}
        </blockquote>
      );
    case 'hr':
      return <hr />;
    case 'table': {
      const table = token as Tokens.Table;
      return (
        <div className="md-table" tabIndex={0} role="region" aria-label={t('app.record.table')}>
          <table>
            <thead>
              <tr>
                {table.header.map((cell, i) => (
                  <th key={i} className={alignClass(cell.align)} scope="col" dir="auto">
                    <Inline tokens={cell.tokens} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c} className={alignClass(cell.align)} dir="auto">
                      <Inline tokens={cell.tokens} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'html':
      return (
        <p className="md-html" dir="auto">
          {(token as Tokens.HTML).text}
        </p>
      );
    case 'space':
    case 'def':
      return null;
    default:
      return <p dir="auto">{token.raw}</p>;
  }
}

/** One block; memoised on the token object, which never changes once the block is finished. */
export const Block = memo(function Block({ token }: { token: Token }) {
  return <BlockBody token={token} />;
});

/** A whole text at once (briefings, long fields). */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const blocks = useMemo(() => splitBlocks(text), [text]);
  return (
    <div className={`md ${className ?? ''}`}>
      {blocks.map((token, i) => (
        <Block key={i} token={token} />
      ))}
    </div>
  );
}
