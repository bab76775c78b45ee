// A fenced block of prose (an email draft, a message): wrapped in the reading font, with
// "Copy email" when it is a draft, so it goes to the mail client as written.
import { useEffect, useState } from 'react';
import { isEmailDraft } from '../lib/markdown/proseBlock';
import { useT } from '../platform/i18n';
import { copyText } from './clipboard';

export function ProseBlock({ text }: { text: string }) {
  const t = useT();
  const email = isEmailDraft(text);
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>();
  useEffect(() => {
    if (copied === undefined) return undefined;
    const timer = setTimeout(() => setCopied(undefined), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className={`md-prose-block${email ? ' md-email' : ''}`}>
      {email ? (
        <button
          type="button"
          className="btn btn-sm md-copy-email"
          onClick={() => void copyText(text).then((ok) => setCopied(ok ? 'yes' : 'failed'))}
        >
          {copied === 'yes'
            ? t('app.prose.emailCopied')
            : copied === 'failed'
              ? t('app.prose.couldNotCopy')
              : t('app.prose.copyEmail')}
        </button>
      ) : null}
      <p className="md-prose-text" dir="auto">
        {text}
      </p>
    </div>
  );
}
