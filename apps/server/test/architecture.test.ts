// The layout rules of docs/ARCHITECTURE.md, read from the import lines of src/: no import circle (between
// files, or between modules), lib/ below modules/, and every table queried only by the module that owns it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [path.relative(SRC, full)] : [];
  });
}

const files = sourceFiles(SRC);
const FROM = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/g;

/** Imports of a file: the imported src file (relative specifiers only), the names and whether type-only. */
function importsOf(file: string) {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  return [...text.matchAll(FROM)].flatMap(([, typeOnly, names, spec]) => {
    if (!spec!.startsWith('.')) return [];
    const target = path.join(path.dirname(file), spec!) + '.ts';
    return [{ target, names: names!, typeOnly: !!typeOnly }];
  });
}
const graph = new Map(files.map((f) => [f, importsOf(f)]));

/** `modules/<area>` for a file inside a module folder, the top folder (`lib`, `db`, …) otherwise. */
const moduleOf = (file: string) => {
  const parts = file.split(path.sep);
  return parts[0] === 'modules' && parts.length > 2 ? `modules/${parts[1]}` : parts[0]!;
};

function findCycle(edges: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

const BALLOT_TABLES = ['submissions', 'votes', 'cadre_votes', 'recommendation_votes'];
const VOTING = path.join('modules', 'voting');
const DOOR = path.join(VOTING, 'store-ballot.ts');

describe('server layout', () => {
  it('reads the source tree', () => {
    expect(files).toContain(path.join('modules', 'polls', 'parsed-poll.ts'));
    expect(graph.get(path.join('modules', 'polls', 'parsed-poll.ts'))!.length).toBeGreaterThan(0);
  });

  it('has no import circle between files', () => {
    const edges = new Map([...graph].map(([f, imps]) => [f, new Set(imps.map((i) => i.target))]));
    expect(findCycle(edges)).toBeNull();
  });

  it('has no import circle between modules', () => {
    const edges = new Map<string, Set<string>>();
    for (const [file, imps] of graph) {
      const from = moduleOf(file);
      if (!from.startsWith('modules/')) continue;
      for (const to of imps.map((i) => moduleOf(i.target))) {
        if (to !== from && to.startsWith('modules/')) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    expect(edges.size).toBeGreaterThan(5);
    expect(findCycle(edges)).toBeNull();
  });

  it('keeps lib/ free of module code', () => {
    const wrong = [...graph].flatMap(([file, imps]) =>
      moduleOf(file) === 'lib' ? imps.filter((i) => i.target.startsWith('modules')).map(() => file) : [],
    );
    expect(wrong).toEqual([]);
  });

  it('queries each table only in the module that owns it (and joins it only where listed)', () => {
    const OWNER: Record<string, string> = {
      companies: 'modules/companies',
      rounds: 'modules/rounds',
      polls: 'modules/polls',
      voteTypes: 'modules/vote-types',
      voteTargets: 'modules/vote-targets',
      evaluationSubjects: 'modules/evaluation-subjects',
      covers: 'modules/covers',
      submissions: 'modules/ballots',
      votes: 'modules/ballots',
      cadreVotes: 'modules/ballots',
      ballotCodes: 'modules/ballot-codes',
      auditLog: 'modules/audit',
      users: 'modules/auth',
      userUnits: 'modules/auth',
      authAttempts: 'modules/auth',
      accountLocks: 'modules/auth',
      adminSessions: 'modules/auth',
      totpRecoveryCodes: 'modules/auth',
      auditAnchors: 'modules/audit',
      reportSeals: 'modules/report-check',
      settings: 'modules/settings',
      paperSheets: 'modules/paper',
      paperPrintRuns: 'modules/paper',
      retiredSubmissions: 'modules/ballots',
      voteTypeFigures: 'modules/figures',
      recommendationVotes: 'modules/ballots',
      recommendationPosts: 'modules/recommendations',
      recommendationCandidates: 'modules/recommendations',
      recommendationNameMerges: 'modules/recommendations',
    };
    // Names joined into the owner's own queries; the reorder helper takes either list's table.
    const JOINS: Record<string, string[]> = {
      'modules/audit': ['companies'],
      'modules/ballots': ['companies', 'voteTypes', 'voteTargets', 'recommendationPosts'],
      'modules/polls': ['companies', 'voteTypes'],
      'modules/vote-types': ['companies'],
      // The rounds of a year across units, with each unit's name (跨单位排名).
      'modules/rounds': ['companies'],
      // A voter's cover is found by the vote type's link, and apply-to-all copies to a unit's vote types.
      'modules/covers': ['voteTypes'],
      'modules/shared': ['voteTargets', 'evaluationSubjects'],
    };
    const schemaFile = path.join('db', 'schema.ts');
    const wrong: string[] = [];
    for (const [file, imps] of graph) {
      const mod = moduleOf(file);
      if (mod === 'db') continue;
      for (const imp of imps.filter((i) => i.target === schemaFile)) {
        for (const name of imp.names
          .replace(/[{}\s]|type /g, ' ')
          .split(/[ ,]+/)
          .filter(Boolean)) {
          if (OWNER[name] !== mod && !JOINS[mod]?.includes(name)) wrong.push(`${file}: ${name}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('writes a table in raw SQL only in its owner, and touches ballot_codes nowhere else', () => {
    const OWNER: Record<string, string> = {
      ballot_codes: 'modules/ballot-codes',
      rounds: 'modules/rounds',
      submissions: 'modules/ballots',
      votes: 'modules/ballots',
      cadre_votes: 'modules/ballots',
      vote_types: 'modules/vote-types',
      settings: 'modules/settings',
      audit_log: 'modules/audit',
      paper_print_runs: 'modules/paper',
      retired_submissions: 'modules/ballots',
      vote_type_figures: 'modules/figures',
      recommendation_votes: 'modules/ballots',
      recommendation_posts: 'modules/recommendations',
      recommendation_candidates: 'modules/recommendations',
      recommendation_name_merges: 'modules/recommendations',
    };
    const wrong: string[] = [];
    for (const file of files) {
      const mod = moduleOf(file);
      if (mod === 'db') continue;
      const text = readFileSync(path.join(SRC, file), 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '');
      for (const [, verb, table] of text.matchAll(/\b(INSERT INTO|UPDATE|DELETE FROM)\s+([a-z_]+)/g)) {
        // A ballot enters only through modules/voting's door (next test); its owner updates and deletes.
        const owner =
          verb === 'INSERT INTO' && BALLOT_TABLES.includes(table!) ? 'modules/voting' : OWNER[table!];
        if (owner && owner !== mod) wrong.push(`${file}: writes ${table}`);
      }
      // The codes of a ballot are the most sensitive table: no other module names it in SQL at all.
      if (
        mod !== OWNER.ballot_codes &&
        /\bballot_codes\b(?!\.)/.test(text.replace(/'ballot_codes\.[a-z]+'/g, ''))
      )
        wrong.push(`${file}: ballot_codes`);
    }
    expect(wrong).toEqual([]);
  });

  it('writes the stored figures only in modules/figures (decision 0052)', () => {
    const text = (file: string) =>
      readFileSync(path.join(SRC, file), 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '');
    // Written (raw SQL or the query builder) in one file, its repository.
    const writers = files.filter(
      (f) =>
        /\b(INSERT INTO|UPDATE|DELETE FROM)\s+vote_type_figures\b/.test(text(f)) ||
        /\.(insert|update|delete)\(\s*voteTypeFigures\s*\)/.test(text(f)),
    );
    expect(writers).toEqual([path.join('modules', 'figures', 'figures.repository.ts')]);
    // Named nowhere else: every other module reads the figures through it.
    const named = files.filter(
      (f) =>
        !['db', 'modules/figures'].includes(moduleOf(f)) &&
        /\b(vote_type_figures|voteTypeFigures)\b/.test(text(f)),
    );
    expect(named).toEqual([]);
  });

  it('lets a ballot in through one door: storeBallot (modules/voting/store-ballot.ts)', () => {
    const text = (file: string) =>
      readFileSync(path.join(SRC, file), 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '');
    // The statements that insert ballot rows, wherever they are.
    const inserters = files.filter((f) =>
      new RegExp(`\\bINSERT INTO\\s+(${BALLOT_TABLES.join('|')})\\b`).test(text(f)),
    );
    expect(inserters).toEqual([path.join(VOTING, 'statements.ts')]);
    // No query builder insert into a ballot table anywhere.
    const built = files.filter((f) =>
      /\.insert\(\s*(submissions|votes|cadreVotes|recommendationVotes)\s*\)/.test(text(f)),
    );
    expect(built).toEqual([]);
    // Who may call the statements (not merely name their types): the door, and the group commit it uses.
    const CALLERS: Record<string, string[]> = {
      [path.join(VOTING, 'statements.ts')]: [DOOR, path.join(VOTING, 'lanes.ts')],
      [path.join(VOTING, 'lanes.ts')]: [DOOR],
    };
    const wrong: string[] = [];
    for (const [file, imps] of graph) {
      for (const imp of imps) {
        const allowed = CALLERS[imp.target];
        if (allowed && !imp.typeOnly && !allowed.includes(file)) wrong.push(`${file} → ${imp.target}`);
      }
    }
    expect(wrong).toEqual([]);
    // And the door is used by every source: the phone's cast and the paper sheet.
    const doorUsers = [...graph].filter(([, imps]) => imps.some((i) => i.target === DOOR)).map(([f]) => f);
    expect(doorUsers.sort()).toEqual(
      [path.join(VOTING, 'cast-ballot.ts'), path.join('modules', 'paper', 'paper-ballot.ts')].sort(),
    );
  });
});
