// The service's brief for the meeting, rendered as an answer is (the markdown components of
// ui/markdown) in its own direction, cut to its first lines on the card; "Read the whole brief"
// opens it where the text does not fit.
import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../ui/Button';
import { Markdown } from '../../ui/markdown';
import { useT } from '../../platform/i18n';

export function PrepBrief({ text }: { text: string }) {
  const t = useT();
  const bodyId = useId();
  const body = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // Whether the cut hides anything: measured, since how many lines a text takes depends on the
  // card's width, the language's script and the font, not on its length in characters.
  const [cut, setCut] = useState(false);
  useEffect(() => {
    const element = body.current;
    if (element === null || open) return;
    // Measured by the observer alone, whose first call comes once the browser has laid the page
    // out and before it paints: reading the size while React commits would force a layout of the
    // whole page in the middle of the first render (about 100 ms of a cold start), only for the
    // page to be laid out again. flushSync shows the button in that same first frame.
    const observer = new ResizeObserver(() => {
      const overflows = element.scrollHeight > element.clientHeight + 1;
      flushSync(() => setCut(overflows));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, open]);
  return (
    <section className="brief-section prep-brief" aria-label={t('briefings.prep.brief')}>
      <h3>{t('briefings.prep.brief')}</h3>
      <div
        ref={body}
        id={bodyId}
        dir="auto"
        className={open ? 'prep-brief-body' : 'prep-brief-body is-cut'}
      >
        <Markdown text={text} />
      </div>
      {cut || open ? (
        <Button
          size="sm"
          variant="ghost"
          className="show-all"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('briefings.view.showFewer') : t('briefings.prep.readWholeBrief')}
        </Button>
      ) : null}
    </section>
  );
}
