// Browser mode opened without the address the host printed: the page holds no key to the host
// (anything on this computer can load it), so instead of the app it says which address to open.
import { EmptyState } from '../ui/Feedback';

export function OpenPrintedAddress() {
  return (
    <main className="open-printed-address">
      <EmptyState title="Open the address printed by the app">
        <p>
          For your security, this page only works when opened from the address that{' '}
          <code>npm run web</code> printed when it started (it ends with <code>#token=…</code>).
          Copy that address from the terminal into this tab. If you restarted it, use the new
          address it printed.
        </p>
      </EmptyState>
    </main>
  );
}
