import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The README and docs/*.md (not docs/decisions/) say what to type: every command in their shell code
 * blocks must run as written in this repository, every relative link must reach its file and heading,
 * and the README stays a front door (at most 12 KB).
 *
 * Which code blocks hold commands:
 * - ```sh, ```bash, ```shell, ```zsh: every line is a command (a leading `$ ` prompt is dropped);
 * - ```console: only the lines with a `$ ` prompt (the others are output);
 * - ``` with no language: every line, when its first line is a command (an npm script, npx, node,
 *   bash, ./file or an allowed system command, or a `$ ` prompt); otherwise it is a listing (a
 *   directory tree, output) and is skipped;
 * - any other language (astro, ts, json, nginx…) is code, not commands.
 * In a command block: `#` comments, `\` line continuations, `VAR=value` prefixes, `&&` `||` `;` `|`
 * chains, redirections, `$(…)` (checked as commands too), quotes, and the shell words of a
 * `for … do … done` loop are understood. Heredocs are not: their bodies would be read as commands.
 *
 * What a command may be:
 * - `npm ci` / `npm install`; `npm run X`, `npm test`, `npm start` … when package.json has that script;
 * - `npx tool` when tool is a dependency or in node_modules/.bin; `npx node file` / `node file` /
 *   `bash file` / `./file` when the file exists;
 * - a system command from SYSTEM_COMMANDS (after `sudo` or `env`, the command they run is checked);
 * - and any argument that names a file of this repository (`deploy/nginx.conf`, `tests/e2e/x.spec.ts`)
 *   must name one that exists.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path) => readFileSync(join(root, path), 'utf8');
const pkg = JSON.parse(read('package.json'));
const README_MAX_BYTES = 12 * 1024;

const DOCS = [
  'README.md',
  ...readdirSync(join(root, 'docs'), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => `docs/${entry.name}`)
    .sort(),
];

/** System commands a doc may tell an operator to run. Keep it short: a new one is a decision. */
const SYSTEM_COMMANDS = new Set([
  'apt-get',
  'cat',
  'cd',
  'chmod',
  'chown',
  'cp',
  'curl',
  'date',
  'echo',
  'export',
  'git',
  'journalctl',
  'ln',
  'ls',
  'mkdir',
  'mv',
  'nginx',
  'openssl',
  'psql',
  'sleep',
  'systemctl',
  'tar',
]);
/** Shell words that open or close a compound command: `for x in …` is no command, `do cmd` runs cmd. */
const HEADERS = new Set(['for', 'select', 'case']);
const PREFIXES = new Set(['do', 'then', 'else', 'elif', 'if', 'while', 'until', '!', 'time', 'nohup', 'exec', '{']);
const CLOSERS = new Set(['done', 'fi', 'esac', '}']);
const COMMAND_LANGUAGES = new Set(['sh', 'bash', 'shell', 'zsh']);
/** A word that names a file of this repository (checked to exist). */
const REPO_PATH = /^(?:\.\/)?(?:src|scripts|tests|bench|deploy|docs|public)\/[^\s$*?{}]+$/;

/** Fenced code blocks of a Markdown text: language, and each line with its 1-based line number. */
function codeBlocks(text) {
  const blocks = [];
  let open = null;
  text.split('\n').forEach((line, index) => {
    if (!open) {
      const fence = /^\s*(`{3,}|~{3,})\s*([^\s`]*)/.exec(line);
      if (fence) open = { fence: fence[1], language: fence[2].toLowerCase(), lines: [], start: index + 1 };
      return;
    }
    const close = /^\s*(`{3,}|~{3,})\s*$/.exec(line);
    if (close && close[1][0] === open.fence[0] && close[1].length >= open.fence.length) {
      blocks.push(open);
      open = null;
      return;
    }
    open.lines.push({ text: line, number: index + 1 });
  });
  return blocks;
}

/** The commands of a code block: { line, command } with continuations joined, or none when it holds no commands. */
function commandsOf(block) {
  const prompt = /^\s*\$\s+/;
  let lines = block.lines;
  if (block.language === 'console') lines = lines.filter((line) => prompt.test(line.text));
  else if (block.language === '') {
    const first = lines.find((line) => line.text.trim() && !line.text.trim().startsWith('#'));
    if (!first || !(prompt.test(first.text) || startsWithCommand(first.text))) return [];
  } else if (!COMMAND_LANGUAGES.has(block.language)) return [];

  const commands = [];
  let pending = null;
  for (const { text, number } of lines) {
    const bare = pending ? text : text.replace(prompt, '');
    const joined = pending ? `${pending.command} ${bare.trim()}` : bare.trim();
    const line = pending ? pending.line : number;
    if (joined.endsWith('\\')) {
      pending = { line, command: joined.slice(0, -1).trimEnd() };
      continue;
    }
    pending = null;
    if (joined && !joined.startsWith('#')) commands.push({ line, command: joined });
  }
  if (pending) commands.push(pending);
  return commands;
}

function startsWithCommand(text) {
  const words = text.trim().split(/\s+/);
  while (words.length && /^[A-Za-z_]\w*=/.test(words[0])) words.shift();
  const name = words[0] ?? '';
  return ['npm', 'npx', 'node', 'bash', 'sh', 'sudo', 'env'].includes(name) || name.startsWith('./') || SYSTEM_COMMANDS.has(name);
}

/** The index of the `)` closing the `(` at `open`, minding quotes and nesting. */
function closingParen(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      i = text.indexOf("'", i + 1);
      if (i < 0) break;
    } else if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  throw new Error('unclosed $(');
}

/**
 * A command line as the shell reads it, as far as these docs need: the simple commands it chains
 * (each a list of words, quotes removed, redirections dropped) and the text of its `$(…)`s.
 */
function parseCommandLine(text) {
  const segments = [];
  const substitutions = [];
  let words = [];
  let word = '';
  let inWord = false;
  let redirectTarget = false;
  const endWord = () => {
    if (inWord && !redirectTarget) words.push(word);
    if (inWord) redirectTarget = false;
    word = '';
    inWord = false;
  };
  const endSegment = () => {
    endWord();
    if (words.length) segments.push(words);
    words = [];
  };
  const substitution = (start) => {
    const end = closingParen(text, start + 1);
    substitutions.push(text.slice(start + 2, end));
    return end;
  };

  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error('unclosed single quote');
      word += text.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\') word += text[++j] ?? '';
        else if (text.startsWith('$(', j)) {
          const end = substitution(j);
          word += text.slice(j, end + 1);
          j = end;
        } else word += text[j];
      }
      if (j >= text.length) throw new Error('unclosed double quote');
      inWord = true;
      i = j;
    } else if (c === '\\') {
      word += text[++i] ?? '';
      inWord = true;
    } else if (text.startsWith('$(', i)) {
      const end = substitution(i);
      word += text.slice(i, end + 1);
      inWord = true;
      i = end;
    } else if (c === '#' && !inWord) {
      break;
    } else if (/\s/.test(c)) {
      endWord();
    } else if (c === '>' || c === '<' || (c === '&' && text[i + 1] === '>')) {
      // A redirection (`> file`, `2>&1`, `&> log`): neither it nor its target is an argument.
      if (/^\d+$/.test(word)) {
        word = '';
        inWord = false;
      } else endWord();
      if (c === '&') i++;
      if (text[i + 1] === '>' || text[i + 1] === '<') i++;
      if (text[i + 1] === '&') {
        i++;
        while (/[\d-]/.test(text[i + 1] ?? '')) i++;
      } else redirectTarget = true;
    } else if (c === ';' || c === '|' || c === '&') {
      endSegment();
      if (text[i + 1] === c) i++;
    } else {
      word += c;
      inWord = true;
    }
  }
  endSegment();
  return { segments, substitutions };
}

const dependencies = { ...pkg.dependencies, ...pkg.devDependencies };
const exists = (path) => existsSync(resolve(root, path));
const isFile = (path) => exists(path) && statSync(resolve(root, path)).isFile();

/** Why a script file argument cannot run, or null. */
function scriptProblem(runner, args) {
  const takesValue = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '--env-file', '-o']);
  for (let i = 0; i < args.length; i++) {
    if (['-e', '--eval', '-p', '--print', '-c'].includes(args[i])) return null;
    if (takesValue.has(args[i])) i++;
    else if (!args[i].startsWith('-')) return isFile(args[i]) ? null : `${runner}: no file ${args[i]} in this repository`;
  }
  return runner === 'node' ? null : `${runner}: which file?`;
}

function npmProblem(args) {
  const start = args.findIndex((arg) => !arg.startsWith('-'));
  const [command, name] = start < 0 ? [] : args.slice(start);
  if (['ci', 'install', 'i'].includes(command)) return null;
  if (['run', 'run-script'].includes(command)) {
    if (!name) return 'npm run: which script?';
    return pkg.scripts?.[name] ? null : `no script "${name}" in package.json`;
  }
  const aliases = { t: 'test', tst: 'test' };
  const script = aliases[command] ?? command;
  if (['test', 'start', 'stop', 'restart'].includes(script)) {
    return pkg.scripts?.[script] ? null : `npm ${command}: no script "${script}" in package.json`;
  }
  return `npm ${command ?? '(nothing)'}: not a command these docs may give (ci, install, run, test, start)`;
}

function npxProblem(args) {
  let i = 0;
  let tool;
  for (; i < args.length; i++) {
    if (args[i] === '-p' || args[i] === '--package') tool = args[++i];
    else if (args[i] === '-c' || args[i] === '--call') return null;
    else if (!args[i].startsWith('-')) break;
  }
  const command = args[i];
  if (!command) return 'npx: which tool?';
  if (command === 'node') return scriptProblem('npx node', args.slice(i + 1));
  const name = (tool ?? command).replace(/(.)@[^/]*$/, '$1');
  if (name in dependencies || exists(`node_modules/.bin/${command}`)) return null;
  return `npx ${command}: not a dependency in package.json nor in node_modules/.bin`;
}

/** Why a simple command (its words) cannot run as written here, or null. */
function commandProblem(words) {
  const w = [...words];
  for (;;) {
    if (!w.length) return null;
    if (/^[A-Za-z_]\w*=/.test(w[0]) || PREFIXES.has(w[0]) || CLOSERS.has(w[0])) w.shift();
    else if (HEADERS.has(w[0])) return null;
    else if (w[0] === 'sudo' || w[0] === 'env') {
      w.shift();
      while (w[0]?.startsWith('-')) if (['-u', '-g', '--user', '--group'].includes(w.shift())) w.shift();
    } else break;
  }
  const [name, ...args] = w;
  for (const arg of [name, ...args]) {
    if (REPO_PATH.test(arg) && !exists(arg)) return `${name}: no file ${arg} in this repository`;
  }
  if (name === 'npm') return npmProblem(args);
  if (name === 'npx') return npxProblem(args);
  if (name === 'node' || name === 'bash' || name === 'sh') return scriptProblem(name, args);
  if (name.startsWith('./') || name.startsWith('../')) return isFile(name) ? null : `no file ${name} in this repository`;
  if (SYSTEM_COMMANDS.has(name)) return null;
  return `"${name}" is not an npm script, a file here or an allowed system command (SYSTEM_COMMANDS in this test)`;
}

/** Every reason a command line cannot run as written, `$(…)` included. */
function lineProblems(command) {
  let parsed;
  try {
    parsed = parseCommandLine(command);
  } catch (error) {
    return [error.message];
  }
  return [
    ...parsed.segments.map(commandProblem).filter(Boolean),
    ...parsed.substitutions.flatMap((inner) => lineProblems(inner).map((problem) => `in $(${inner}): ${problem}`)),
  ];
}

/** GitHub's anchor for a heading: text only, lowercase, punctuation but - and _ dropped, spaces to -. */
function slug(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown file offers: its headings' slugs (repeats numbered as GitHub does) and any id="…". */
function anchorsOf(text) {
  const anchors = new Set();
  const seen = new Map();
  const inCode = new Set(codeBlocks(text).flatMap((block) => [block.start, ...block.lines.map((line) => line.number)]));
  text.split('\n').forEach((line, index) => {
    if (inCode.has(index + 1)) return;
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count ? `${base}-${count}` : base);
    }
    for (const id of line.matchAll(/\b(?:id|name)="([^"]+)"/g)) anchors.add(id[1]);
  });
  return anchors;
}

/** Relative links of a Markdown file ({ line, target }), outside code blocks and code spans. */
function relativeLinks(text) {
  const links = [];
  const codeLines = new Set(codeBlocks(text).flatMap((block) => [block.start, ...block.lines.map((line) => line.number)]));
  text.split('\n').forEach((raw, index) => {
    if (codeLines.has(index + 1)) return;
    const line = raw.replace(/(`+)(?:(?!\1).)+?\1/g, 'code');
    const targets = [
      ...[...line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]),
      ...[...line.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/g)].map((match) => match[1]),
    ];
    for (const target of targets) {
      if (!target || /^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) continue;
      links.push({ line: index + 1, target });
    }
  });
  return links;
}

function linkProblems(file) {
  const problems = [];
  for (const { line, target } of relativeLinks(read(file))) {
    const [path, anchor] = target.split('#', 2);
    const resolved = path ? relative(root, resolve(root, dirname(file), decodeURIComponent(path))) : file;
    const where = `${file}:${line}: (${target})`;
    if (!exists(resolved)) problems.push(`${where}: no file ${resolved}`);
    else if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(decodeURIComponent(anchor))) {
      problems.push(`${where}: no heading #${anchor} in ${resolved}`);
    }
  }
  return problems;
}

function commandProblems(file) {
  return codeBlocks(read(file))
    .flatMap(commandsOf)
    .flatMap(({ line, command }) => lineProblems(command).map((problem) => `${file}:${line}: \`${command}\`: ${problem}`));
}

describe('the commands the docs give', () => {
  it.each(DOCS)('%s: every command in its code blocks runs as written here', (file) => {
    expect(commandProblems(file)).toEqual([]);
  });

  it('README.md gives `npm test` as the test command, the project’s contract', () => {
    const commands = codeBlocks(read('README.md'))
      .flatMap(commandsOf)
      .map(({ command }) => command);
    expect(commands).toContain('npm test');
    expect(pkg.scripts.test).toBeTruthy();
  });
});

describe('the docs’ links', () => {
  it.each(DOCS)('%s: every relative link reaches its file and heading', (file) => {
    expect(linkProblems(file)).toEqual([]);
  });
});

it(`README.md is a front door: at most ${README_MAX_BYTES} bytes (the rest goes under docs/)`, () => {
  const size = statSync(join(root, 'README.md')).size;
  expect(size, `README.md is ${size} bytes, over ${README_MAX_BYTES}: move sections to docs/`).toBeLessThanOrEqual(README_MAX_BYTES);
});

describe('the checker itself', () => {
  const problems = (command) => lineProblems(command);

  it('accepts scripts, files, tools and allowed system commands, with prefixes, chains, comments and loops', () => {
    for (const command of [
      'npm ci && npm start',
      'npm test',
      'E2E_EXPECT_TIMEOUT=30000 npm run test:e2e   # a busy machine',
      'npm run backup -- --out backups/helixpoint-$(date +%F).tar.gz',
      'npx node scripts/generate-illustrations.mjs',
      'npx playwright test tests/e2e/navigation.spec.ts --trace retain-on-failure',
      'for port in 4321 4322; do systemctl restart helixpoint@$port && sleep 10; done',
      'sudo -u postgres psql -c "select 1" > /dev/null 2>&1',
      'sudo cp deploy/nginx.conf /etc/nginx/conf.d/ && nginx -s reload',
      'bash .ci/run',
    ]) {
      expect(problems(command), command).toEqual([]);
    }
  });

  it('refuses a missing script, file, tool or command, naming it', () => {
    expect(problems('npm run nope')).toEqual(['no script "nope" in package.json']);
    expect(problems('FOO=1 npm run build && npm run nope')).toEqual(['no script "nope" in package.json']);
    expect(problems('node scripts/missing.mjs')).toEqual(['node: no file scripts/missing.mjs in this repository']);
    expect(problems('npx not-a-tool')).toEqual(['npx not-a-tool: not a dependency in package.json nor in node_modules/.bin']);
    expect(problems('cp deploy/missing.conf /etc/nginx/')).toEqual(['cp: no file deploy/missing.conf in this repository']);
    expect(problems('rm -rf data')[0]).toMatch(/"rm" is not an npm script/);
    expect(problems('echo $(frobnicate)')).toEqual([
      'in $(frobnicate): "frobnicate" is not an npm script, a file here or an allowed system command (SYSTEM_COMMANDS in this test)',
    ]);
  });

  it('reads continuations, prompts and which blocks hold commands', () => {
    const blocks = codeBlocks(
      [
        '```sh',
        '$ npm run build \\',
        '    --silent',
        '# a comment',
        '```',
        '```',
        'src/',
        '  pages/',
        '```',
        '```console',
        '$ npm test',
        'ok',
        '```',
      ].join('\n'),
    );
    expect(blocks.map(commandsOf)).toEqual([[{ line: 2, command: 'npm run build --silent' }], [], [{ line: 11, command: 'npm test' }]]);
  });

  it('makes GitHub’s anchors', () => {
    expect(slug('Data, backups and an external database')).toBe('data-backups-and-an-external-database');
    expect(slug('The recruiter’s workspace')).toBe('the-recruiters-workspace');
    expect(slug('Your application: what candidates see')).toBe('your-application-what-candidates-see');
    expect(slug('`npm run bench:js` budgets')).toBe('npm-run-benchjs-budgets');
  });
});
