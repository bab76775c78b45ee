// An error a call answered, in the panel's words where it has some (./errorWords).
import type { ErrorData } from '../../../electron/contract';
import { useT } from '../../../src/platform/i18n';
import { errorWords } from './errorWords';

export function ErrorText({ error }: { error: ErrorData }) {
  const t = useT();
  const words = errorWords(error);
  return (
    <p className="panel-error" role="alert">
      {words === null ? error.message : t(words)}
    </p>
  );
}
