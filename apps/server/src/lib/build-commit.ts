import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { serverRoot } from './paths.js';

const COMMIT_VARIABLES = ['GIT_COMMIT', 'SOURCE_COMMIT'] as const;
const SHA = /^[0-9a-f]{7,64}$/i;

/** The git directory of the checkout holding `start`, following a worktree's `.git` file. */
function gitDirAbove(start: string): string | null {
  let dir = start;
  for (;;) {
    const candidate = join(dir, '.git');
    if (existsSync(candidate)) {
      if (statSync(candidate).isDirectory()) return candidate;
      const pointer = /^gitdir:\s*(.+)$/m.exec(readFileSync(candidate, 'utf8'))?.[1]?.trim();
      if (!pointer) return null;
      return isAbsolute(pointer) ? pointer : resolve(dir, pointer);
    }
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** The commit HEAD names in `gitDir`: detached, a loose ref or a packed one. */
function headCommit(gitDir: string): string | null {
  const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
  if (SHA.test(head)) return head;
  const ref = /^ref:\s*(.+)$/.exec(head)?.[1];
  if (!ref) return null;
  // A worktree keeps its refs in the main repository (commondir).
  const commonFile = join(gitDir, 'commondir');
  const common = existsSync(commonFile)
    ? resolve(gitDir, readFileSync(commonFile, 'utf8').trim())
    : gitDir;
  for (const dir of [gitDir, common]) {
    const loose = join(dir, ref);
    if (existsSync(loose)) {
      const sha = readFileSync(loose, 'utf8').trim();
      return SHA.test(sha) ? sha : null;
    }
  }
  const packed = join(common, 'packed-refs');
  if (!existsSync(packed)) return null;
  for (const line of readFileSync(packed, 'utf8').split('\n')) {
    const [sha, name] = line.trim().split(' ');
    if (name === ref && sha && SHA.test(sha)) return sha;
  }
  return null;
}

/**
 * The commit this server was built from (decision 110): GIT_COMMIT or SOURCE_COMMIT when the
 * build or the deployment sets one, else what the checkout's .git/HEAD names, else null (an
 * image built without either). Read once at startup.
 */
export function resolveBuildCommit(
  env: Record<string, string | undefined> = process.env,
  from: string = serverRoot,
): string | null {
  for (const name of COMMIT_VARIABLES) {
    const value = env[name]?.trim();
    if (value && SHA.test(value)) return value.toLowerCase();
  }
  try {
    const gitDir = gitDirAbove(from);
    return gitDir ? (headCommit(gitDir)?.toLowerCase() ?? null) : null;
  } catch {
    return null;
  }
}
