// Pushed events, validated against the contract before anyone sees them: a payload core got
// wrong is dropped and logged, never sent. Hosts subscribe and forward (IPC send to the app
// window, a frame on each browser-mode socket).
import { events, type EventName, type EventPayload } from '../../contract';
import type { Logger } from '../logs/logger';
import { redact, type SecretRegistry } from '../logs/redact';

export type EventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

export interface EventHub {
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: EventListener): () => void;
}

export function createEventHub(options: { log: Logger; secrets: SecretRegistry }): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit(name, payload) {
      const parsed = events[name].safeParse(payload);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        options.log.error('Dropped an event outside the contract', {
          name,
          field: issue?.path.map(String).join('.'),
          issue: issue?.message,
        });
        return;
      }
      const clean = redact(parsed.data, options.secrets, { forLog: false }) as EventPayload<
        typeof name
      >;
      for (const listener of [...listeners]) {
        try {
          listener(name, clean);
        } catch (error) {
          options.log.error('An event listener failed', { name, error });
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
