// "Set by your organisation" beside a field IT locked, "Your organisation's default" (subtly)
// beside one IT only preset. The field shows the note through its `note` (Field, Check), which
// also makes it the control's description, so a screen reader says why it cannot be changed.
import type { PolicyLevel, PolicySetting } from '../../../electron/contract';
import { useT } from '../../platform/i18n';
import { StrokeIcon } from '../../ui/StrokeIcon';
import { policyLevel } from './managed';
import { useManaged } from './managedStore';

// A padlock: body and shackle.
const LOCK = 'M5.5 9h9v7.5h-9zM7.5 9V6.5a2.5 2.5 0 0 1 5 0V9';

export function ManagedNote({ level }: { level: PolicyLevel }) {
  const t = useT();
  return level === 'mandatory' ? (
    <span className="managed-note managed-locked" data-managed="locked">
      <StrokeIcon d={LOCK} />
      {t('settings.managed.locked')}
    </span>
  ) : (
    <span className="managed-note managed-recommended subtle" data-managed="recommended">
      {t('settings.managed.recommended')}
    </span>
  );
}

/** How IT set one setting: whether its field is locked, and the note to show beside it. */
export function usePolicy(setting: PolicySetting) {
  const level = useManaged((s) => policyLevel(s.managed, setting));
  return {
    locked: level === 'mandatory',
    note: level === undefined ? undefined : <ManagedNote level={level} />,
  };
}
