// The service's brief for the meeting, rendered as an answer is (the markdown components of
// ui/markdown) in its own direction, cut to its first lines on the card; "Read the whole brief"
// opens it where the text does not fit.
import { useId, useLayoutEffect, useRef, useState } from 'react';
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
  useLayoutEffect(() => {
    const element = body.current;
    if (element === null || open) return;
    const measure = () => setCut(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
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
