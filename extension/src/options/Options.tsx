// The options page: the company's own CRM addresses. The user types an address (a deal's address
// copied from the CRM names the CRM by its path), picks the CRM, and Add asks the browser for that
// one host; the added hosts are listed with Remove. Those IT set are listed first, as set by the
// organisation, without Remove (with Allow while the browser has not let the extension see them);
// when IT says users may not add any, adding is not offered.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../src/ui/Button';
import { Field } from '../../../src/ui/Field';
import { useT } from '../../../src/platform/i18n';
import { readCompanyAddress, type AddressProblem } from '../custom-domains/address';
import { CRM_NAMES, type CrmName, type CustomHost } from '../deal-address';
import { CRM_WORDS, PROBLEM_WORDS } from './crmWords';
import type { Domains, ManagedView } from './domains';

type Said =
  | { kind: 'added' | 'removed' | 'declined' | 'allowed'; host: string }
  | { kind: 'asking' | 'failed' }
  | null;

function ManagedList({
  hosts,
  onAllow,
}: {
  hosts: ManagedView['hosts'];
  onAllow(host: string): void;
}) {
  const t = useT();
  return (
    <section className="options-section" aria-labelledby="options-managed">
      <h2 id="options-managed">{t('options.managed.heading')}</h2>
      <p className="options-muted">{t('options.managed.hint')}</p>
      <ul className="options-list">
        {hosts.map(({ host, crm, allowed }) => (
          <li key={host}>
            <span className="options-host">{host}</span>
            <span className="options-muted">{t(CRM_WORDS[crm])}</span>
            {allowed ? null : (
              <>
                <span className="options-muted">{t('options.managed.needsAccess')}</span>
                <Button
                  size="sm"
                  aria-label={t('options.managed.allowHost', { host })}
                  onClick={() => onAllow(host)}
                >
                  {t('options.managed.allow')}
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function AddedList({ hosts, onRemove }: { hosts: CustomHost[]; onRemove(host: string): void }) {
  const t = useT();
  return (
    <section className="options-section" aria-labelledby="options-added">
      <h2 id="options-added">{t('options.added.heading')}</h2>
      {hosts.length === 0 ? (
        <p className="options-muted">{t('options.added.empty')}</p>
      ) : (
        <ul className="options-list">
          {hosts.map(({ host, crm }) => (
            <li key={host}>
              <span className="options-host">{host}</span>
              <span className="options-muted">{t(CRM_WORDS[crm])}</span>
              <Button
                size="sm"
                variant="danger"
                aria-label={t('options.removeHost', { host })}
                onClick={() => onRemove(host)}
              >
                {t('options.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SaidText({ said }: { said: Said }) {
  const t = useT();
  if (said === null) return null;
  switch (said.kind) {
    case 'failed':
      return <>{t('options.failed')}</>;
    case 'asking':
      return <>{t('options.said.asking')}</>;
    case 'added':
      return <>{t('options.said.added', { host: said.host })}</>;
    case 'removed':
      return <>{t('options.said.removed', { host: said.host })}</>;
    case 'declined':
      return <>{t('options.said.declined', { host: said.host })}</>;
    case 'allowed':
      return <>{t('options.said.allowed', { host: said.host })}</>;
  }
}

function AddForm({ domains, say }: { domains: Domains; say(said: Said): void }) {
  const t = useT();
  const [address, setAddress] = useState('');
  const [crm, setCrm] = useState<CrmName | ''>('');
  const [crmChosen, setCrmChosen] = useState(false);
  const [problem, setProblem] = useState<AddressProblem | 'noCrm' | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const type = (value: string) => {
    setAddress(value);
    setProblem(null);
    const read = readCompanyAddress(value);
    // A pasted deal address names its CRM, unless the user already picked one.
    if (read.ok && read.crm !== null && !crmChosen) setCrm(read.crm);
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const read = readCompanyAddress(address);
    if (!read.ok) {
      setProblem(read.problem);
      input.current?.focus();
      return;
    }
    if (crm === '') return setProblem('noCrm');
    setBusy(true);
    say({ kind: 'asking' });
    domains
      .add({ host: read.host, crm })
      .then((granted) => {
        say({ kind: granted ? 'added' : 'declined', host: read.host });
        if (granted) setAddress('');
      })
      .catch(() => say({ kind: 'failed' }))
      .finally(() => setBusy(false));
  };

  const addressProblem = problem !== null && problem !== 'noCrm' ? problem : null;
  return (
    <form className="options-form" onSubmit={add} noValidate>
      <Field
        label={t('options.address.label')}
        hint={t('options.address.hint')}
        {...(addressProblem === null ? {} : { error: t(PROBLEM_WORDS[addressProblem]) })}
      >
        <input
          ref={input}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          value={address}
          onChange={(e) => type(e.target.value)}
        />
      </Field>
      <Field
        label={t('options.crm.label')}
        {...(problem === 'noCrm' ? { error: t('options.problem.noCrm') } : {})}
      >
        <select
          value={crm}
          onChange={(e) => {
            setCrm(e.target.value as CrmName | '');
            setCrmChosen(e.target.value !== '');
            setProblem(null);
          }}
        >
          <option value="">{t('options.crm.choose')}</option>
          {CRM_NAMES.map((name) => (
            <option key={name} value={name}>
              {t(CRM_WORDS[name])}
            </option>
          ))}
        </select>
      </Field>
      <Button type="submit" variant="primary" busy={busy}>
        {t('options.add')}
      </Button>
    </form>
  );
}

export function Options({ domains }: { domains: Domains }) {
  const t = useT();
  const [hosts, setHosts] = useState<CustomHost[]>([]);
  const [managed, setManaged] = useState<ManagedView>({ hosts: [], allowUserDomains: true });
  const [said, setSaid] = useState<Said>(null);
  const refresh = () => {
    void domains.list().then(setHosts, () => setSaid({ kind: 'failed' }));
    void domains.managed().then(setManaged, () => setSaid({ kind: 'failed' }));
  };
  useEffect(refresh, [domains]);

  const say = (next: Said) => {
    setSaid(next);
    if (next !== null && next.kind !== 'asking') refresh();
  };
  const remove = (host: string) => {
    domains.remove(host).then(
      () => say({ kind: 'removed', host }),
      () => say({ kind: 'failed' }),
    );
  };

  const allow = (host: string) => {
    // Straight from the click: the browser asks only within the user's gesture.
    domains.allow(host).then(
      // Declined: the host stays listed with Allow, which says all there is to say.
      (granted) => say(granted ? { kind: 'allowed', host } : null),
      () => say({ kind: 'failed' }),
    );
  };

  return (
    <main className="options">
      <h1>{t('options.title')}</h1>
      <p>{t('options.intro')}</p>
      {managed.hosts.length > 0 ? <ManagedList hosts={managed.hosts} onAllow={allow} /> : null}
      {managed.allowUserDomains ? (
        <AddForm domains={domains} say={say} />
      ) : (
        <p>{t('options.managed.noAdding')}</p>
      )}
      <p className="options-said" role="status">
        <SaidText said={said} />
      </p>
      {managed.allowUserDomains ? <AddedList hosts={hosts} onRemove={remove} /> : null}
    </main>
  );
}
