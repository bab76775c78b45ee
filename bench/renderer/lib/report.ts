// The figures of the run, collected as they come and printed as one table at the end (also when
// a later step failed: what was measured is still shown).

export interface GoalRow {
  /** What is measured. */
  name: string;
  /** The figure(s), as printed. */
  figure: string;
  goal: string;
  /** null: not measured (see `note`). */
  met: boolean | null;
  /** By how much a goal is missed, or why it was not measured. */
  note?: string;
}

export class Report {
  constructor(private readonly title = 'Renderer goals') {}

  private readonly rows: GoalRow[] = [];
  private readonly details: string[] = [];

  goal(row: GoalRow): void {
    this.rows.push(row);
  }

  notMeasured(name: string, why: string): void {
    this.rows.push({ name, figure: '-', goal: '-', met: null, note: `not measured: ${why}` });
  }

  /** A line of supporting figures, printed under the table. */
  detail(line: string): void {
    this.details.push(line);
  }

  print(): void {
    const header = { name: 'Measure', figure: 'Figure', goal: 'Goal', verdict: 'Result' };
    const lines = this.rows.map((r) => ({
      name: r.name,
      figure: r.figure,
      goal: r.goal,
      verdict: r.met === null ? 'not measured' : r.met ? 'met' : 'NOT met',
    }));
    const width = (key: keyof typeof header) =>
      Math.max(header[key].length, ...lines.map((l) => l[key].length));
    const w = { name: width('name'), figure: width('figure'), goal: width('goal') };
    const row = (l: typeof header) =>
      `  ${l.name.padEnd(w.name)} | ${l.figure.padEnd(w.figure)} | ${l.goal.padEnd(w.goal)} | ${l.verdict}`;
    console.log(`\n${this.title}:`);
    console.log(row(header));
    console.log(
      `  ${'-'.repeat(w.name)}-+-${'-'.repeat(w.figure)}-+-${'-'.repeat(w.goal)}-+-${'-'.repeat(12)}`,
    );
    for (const l of lines) console.log(row(l));
    const notes = this.rows.filter((r) => r.note !== undefined);
    if (notes.length > 0) {
      console.log('');
      for (const r of notes) console.log(`  ${r.name}: ${r.note}`);
    }
    if (this.details.length > 0) {
      console.log('\nDetails:');
      for (const line of this.details) console.log(`  ${line}`);
    }
  }
}
