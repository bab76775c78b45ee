// The bell in the sidebar and the inbox it opens: what the app told the user, newest first and
// grouped by day. Opening an entry takes them to its target and marks it read; an entry's action
// ("Prepare") runs from here too. A native modal dialog: Esc closes it and focus returns to the
// bell.
import { useMemo } from 'react';
import { formatTime } from '../../lib/format';
import { useT, useTranslator } from '../../platform/i18n';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { StrokeIcon } from '../../ui/StrokeIcon';
import { ActionButton } from './ActionButton';
import { actionLabel } from './actionLabel';
import { follow } from './follow';
import { useInbox } from './store';
import { groupByDay } from './inboxDays';
import { collapseRepeats, type InboxRow } from './repeats';

function BellIcon() {
  return <StrokeIcon d="M5 8a5 5 0 0110 0v4l1.5 2.5h-13L5 12zM8 16.5a2 2 0 004 0" />;
}

export function InboxBell() {
  const t = useT();
  const unread = useInbox((s) => s.inbox?.unread ?? 0);
  const open = useInbox((s) => s.panelOpen);
  return (
    <>
      <button
        type="button"
        className="inbox-bell"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={
          unread === 0
            ? t('notifications.inbox.title')
            : t('notifications.inbox.bellUnread', { count: unread })
        }
        title={
          unread === 0
            ? t('notifications.inbox.title')
            : t('notifications.inbox.unread', { count: unread })
        }
        onClick={() => useInbox.getState().setPanelOpen(true)}
      >
        <BellIcon />
        {unread > 0 ? (
          <span className="inbox-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <InboxPanel />
    </>
  );
}

function InboxItem({ row, onFollowed }: { row: InboxRow; onFollowed(): void }) {
  const { t, locale } = useTranslator();
  const { entry } = row;
  const open = () => {
    void useInbox.getState().markRead(row.ids);
    onFollowed();
    if (entry.navigate) follow(entry.navigate);
  };
  return (
    <li className={`inbox-entry${row.read ? '' : ' is-unread'}`}>
      <button type="button" className="inbox-open" onClick={open}>
        <span className="inbox-title">
          {row.read ? null : <span className="inbox-dot" aria-hidden="true" />}
          {row.title}
        </span>
        {row.body ? <span className="inbox-body">{row.body}</span> : null}
        <span className="inbox-meta">
          <time dateTime={entry.at}>{formatTime(entry.at, locale)}</time>
          {row.read ? null : (
            <span className="visually-hidden">{t('notifications.inbox.entryUnread')}</span>
          )}
        </span>
      </button>
      {entry.actions?.length ? (
        <div className="inbox-actions">
          {entry.actions.map((action) => (
            <ActionButton
              key={action.id}
              action={action}
              label={t('notifications.inbox.actionFor', {
                action: actionLabel(t, action),
                title: row.title,
              })}
              onDone={() => {
                void useInbox.getState().markRead(row.ids);
                onFollowed();
              }}
            />
          ))}
        </div>
      ) : null}
    </li>
  );
}

function InboxPanel() {
  const translator = useTranslator();
  const { t } = translator;
  const open = useInbox((s) => s.panelOpen);
  const inbox = useInbox((s) => s.inbox);
  const error = useInbox((s) => s.error);
  const close = () => useInbox.getState().setPanelOpen(false);
  // Day labels ("Today") are computed when the panel opens, so they are right after midnight.
  const days = useMemo(
    () => (open ? groupByDay(inbox?.entries ?? [], new Date(), translator) : []),
    [inbox, open, translator],
  );
  const unread = inbox?.unread ?? 0;
  return (
    <Dialog
      open={open}
      onClose={close}
      label={t('notifications.inbox.title')}
      className="inbox-dialog"
    >
      <div className="inbox-head">
        <h2 className="inbox-heading">{t('notifications.inbox.title')}</h2>
        <span className="inbox-unread">
          {unread === 0
            ? t('notifications.inbox.allRead')
            : t('notifications.inbox.unread', { count: unread })}
        </span>
        <Button
          size="sm"
          variant="ghost"
          disabled={unread === 0}
          onClick={() => void useInbox.getState().markAllRead()}
        >
          {t('notifications.inbox.markAllRead')}
        </Button>
        <button
          type="button"
          className="toast-close"
          aria-label={t('notifications.inbox.close')}
          onClick={close}
          data-autofocus
        >
          ×
        </button>
      </div>
      <div className="inbox-scroll">
        {error ? (
          <p className="inbox-empty" role="alert">
            {t('notifications.inbox.readFailed', { error })}
          </p>
        ) : null}
        {days.length === 0 ? (
          <p className="inbox-empty">{t('notifications.inbox.empty')}</p>
        ) : (
          days.map((day) => (
            <section key={day.key} className="inbox-day" aria-label={day.label}>
              <h3 className="inbox-day-label">{day.label}</h3>
              <ul className="inbox-list">
                {collapseRepeats(day.entries, translator).map((row) => (
                  <InboxItem key={row.entry.id} row={row} onFollowed={close} />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </Dialog>
  );
}
