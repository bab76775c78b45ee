// The reading commands: status, agents, deals, deal, briefing, runs list, runs get, usage.
// `--json` prints the payload: one record exactly as the service sent it; for lists
// `{ items, paging }`, whatever list shape the service used, so scripts see one shape.
import type { ResourceList } from '../../core/api';
import { summariseUsage } from '../../core/usage';
import type { Command } from '../args';
import { EXIT } from '../exit-codes';
import { renderRecord } from '../format/record';
import {
  pagingLine,
  renderAgents,
  renderDeals,
  renderRuns,
  type ListView,
} from '../format/resources';
import { renderStatus } from '../format/status';
import { oneLine } from '../format/text';
import { renderUsage } from '../format/usage';
import { printJson, type CommandContext, type CommandResult } from './context';

function listJson(list: ResourceList): unknown {
  return { items: list.items.map((item) => item.data), paging: list.paging };
}

function listView(ctx: CommandContext): ListView {
  const view: ListView = { style: ctx.output.outStyle };
  const columns = ctx.output.columns;
  if (columns !== undefined) view.maxWidth = columns;
  return view;
}

function printList(
  ctx: CommandContext,
  list: ResourceList,
  render: (list: ResourceList, view: ListView) => string,
  empty: string,
  requestedOffset?: number,
): void {
  if (ctx.json) {
    printJson(ctx, listJson(list));
    return;
  }
  if (list.items.length === 0) {
    ctx.output.out(`${empty}\n`);
    return;
  }
  ctx.output.out(render(list, listView(ctx)));
  const paging = pagingLine(list.paging, list.items.length, requestedOffset);
  if (paging !== undefined) ctx.output.out(`${ctx.output.outStyle.dim(paging)}\n`);
}

export async function status(ctx: CommandContext): CommandResult {
  const { data } = await ctx.connection.api.getMetadata({ signal: ctx.signal });
  if (ctx.json) printJson(ctx, data);
  else {
    ctx.output.out(
      renderStatus(data, {
        baseUrl: ctx.connection.baseUrl,
        embedded: ctx.connection.embedded,
        style: ctx.output.outStyle,
      }),
    );
  }
  return EXIT.ok;
}

export async function agents(ctx: CommandContext): CommandResult {
  const { data } = await ctx.connection.api.listAgents({ signal: ctx.signal });
  printList(ctx, data, renderAgents, 'No agents.');
  return EXIT.ok;
}

export async function deals(
  ctx: CommandContext,
  command: Extract<Command, { name: 'deals' }>,
): CommandResult {
  const { data } = await ctx.connection.api.listDeals(
    { search: command.search, limit: command.limit, offset: command.offset },
    { signal: ctx.signal },
  );
  const empty =
    command.search === undefined ? 'No deals.' : `No deals match "${oneLine(command.search)}".`;
  printList(ctx, data, renderDeals, empty, command.offset);
  return EXIT.ok;
}

export async function deal(
  ctx: CommandContext,
  command: Extract<Command, { name: 'deal' }>,
): CommandResult {
  const { data } = await ctx.connection.api.getDeal(command.dealId, { signal: ctx.signal });
  if (ctx.json) printJson(ctx, data.data);
  else ctx.output.out(renderRecord(data, { style: ctx.output.outStyle }));
  return EXIT.ok;
}

export async function briefing(
  ctx: CommandContext,
  command: Extract<Command, { name: 'briefing' }>,
): CommandResult {
  const api = ctx.connection.api;
  const { data } =
    command.kind === 'morning'
      ? await api.getMorningBriefing({ signal: ctx.signal })
      : await api.getMeetingBriefing({ signal: ctx.signal });
  if (ctx.json) printJson(ctx, data.data);
  else ctx.output.out(renderRecord(data, { style: ctx.output.outStyle }));
  return EXIT.ok;
}

// Shaped like deals() above: each paged list has its own call, options and empty text.
export async function runsList(
  ctx: CommandContext,
  command: Extract<Command, { name: 'runs list' }>,
): CommandResult {
  const { data } = await ctx.connection.api.listRuns(
    { limit: command.limit, offset: command.offset, status: command.status },
    { signal: ctx.signal },
  );
  const empty =
    command.status === undefined ? 'No runs.' : `No runs with status "${oneLine(command.status)}".`;
  printList(ctx, data, renderRuns, empty, command.offset);
  return EXIT.ok;
}

export async function runsGet(
  ctx: CommandContext,
  command: Extract<Command, { name: 'runs get' }>,
): CommandResult {
  const { data } = await ctx.connection.api.getRun(command.runId, { signal: ctx.signal });
  if (ctx.json) printJson(ctx, data.data);
  else {
    const id = data.data.runId ?? command.runId;
    ctx.output.out(
      renderRecord(data, {
        style: ctx.output.outStyle,
        heading: `Run ${id}`,
        noSubtitle: true,
        skip: ['runId'],
      }),
    );
  }
  return EXIT.ok;
}

export async function usage(ctx: CommandContext): CommandResult {
  const { data } = await ctx.connection.api.getUsage({ signal: ctx.signal });
  if (ctx.json) printJson(ctx, data);
  else ctx.output.out(renderUsage(summariseUsage(data), ctx.output.outStyle));
  return EXIT.ok;
}
