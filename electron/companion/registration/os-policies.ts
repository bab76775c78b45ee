// The OS's own policy places for core's policy sources, where reading them needs more than a file:
// on Windows the registry, read through the relay (signed, shipped, and not blocked where IT
// blocks the registry tools). Here because the relay is the companion's; core declares the
// reader's shape and never runs a process of ours itself.
import type { PolicySourceOptions } from '../../core/policy/policy-sources';
import { readWindowsPolicies } from '../../core/policy/windows-registry';
import { runRelay } from './relay-registry';
import { relayPathOf, type AppRun } from './registration-target';

export function osPolicyReader(run: AppRun): PolicySourceOptions['osReader'] {
  if (run.platform === 'win32') {
    const relay = runRelay(relayPathOf(run));
    return { read: () => readWindowsPolicies(relay) };
  }
  return undefined;
}
