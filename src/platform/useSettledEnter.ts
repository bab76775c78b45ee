// Enter in a search field acts on what was typed, never on the list as it was a moment before:
// pressed while the results are still being found (a deferred query, deals still loading), it
// waits and acts once they are for the text.
import { useEffect, useRef } from 'react';

/**
 * `press` acts at once when `settled` (the results are for the text), otherwise on the first
 * render that finds them settled; `pressAfterUpdate` for an Enter that follows text just given
 * to the field, whose render is still to come. `act` is the latest one given. `pressed`: an
 * Enter already typed when the field appeared.
 */
export function useSettledEnter(
  settled: boolean,
  act: () => void,
  pressed = false,
): { press(): void; pressAfterUpdate(): void } {
  const waiting = useRef(pressed);
  const latest = useRef(act);
  useEffect(() => {
    latest.current = act;
    // A render that settles the results follows every unsettled one (the deferred value or the
    // list arriving), so a waiting Enter is seen here.
    if (waiting.current && settled) {
      waiting.current = false;
      act();
    }
  });
  return {
    press() {
      if (settled) act();
      else waiting.current = true;
    },
    pressAfterUpdate() {
      waiting.current = true;
    },
  };
}
