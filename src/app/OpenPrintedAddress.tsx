// Browser mode opened without the address the host printed: the page holds no key to the host
// (anything on this computer can load it), so instead of the app it says which address to open.
import { EmptyState } from '../ui/Feedback';
import { useRichT } from '../ui/richText';
import { useT } from '../platform/i18n';

// What the terminal shows, the same in every language.
const COMMAND = 'npm run web';
const ADDRESS_ENDING = '#token=…';

export function OpenPrintedAddress() {
  const t = useT();
  const rich = useRichT();
  return (
    <main className="open-printed-address">
      <EmptyState title={t('app.openAddress.title')}>
        <p>
          {rich('app.openAddress.body', {
            command: <code>{COMMAND}</code>,
            ending: <code>{ADDRESS_ENDING}</code>,
          })}
        </p>
      </EmptyState>
    </main>
  );
}
