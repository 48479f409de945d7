/**
 * Where a targeted scan must look after files changed: for each changed path, the smallest folder that
 * holds whole projects, so that grouping inside it gives the same answer a scan of the whole watched folder
 * would. A pure function of the paths and the projects the library knows.
 *
 * - Start from the changed path when it is a folder, else from its folder (the nearest existing one when it
 *   was deleted).
 * - Lift it above every known project folder, package and package-holder that contains it: a change inside
 *   a project is a change of that project, and its audio belongs to it.
 * - Keep the outermost of nested scopes; reaching the watched folder means a full scan (null).
 */
import path from 'node:path';
import { PACKAGE_EXTENSIONS, extensionOf } from '../../common/projects/file-kinds';
import { isInside } from '../security/file-access';

export interface ScopeContext {
  root: string;
  /** Project folders and packages of the folder's songs. */
  projectPaths: Set<string>;
  /** Whether a path is an existing folder now. */
  isFolder: (candidate: string) => boolean;
}

/** The folders to scan, or null for the whole watched folder. */
export function scopesFor(changedPaths: string[], context: ScopeContext): string[] | null {
  // Folders holding a package: the package's bounces may sit in them.
  const holders = new Set([...context.projectPaths].filter((project) => PACKAGE_EXTENSIONS[extensionOf(project)]).map((project) => path.dirname(project)));
  const scopes = new Set<string>();
  for (const changed of changedPaths) {
    if (!isInside(context.root, changed)) continue;
    const scope = scopeOf(changed, context, holders);
    if (scope === context.root) return null;
    scopes.add(scope);
  }
  const sorted = [...scopes].sort((a, b) => a.length - b.length);
  return sorted.filter((scope, index) => !sorted.slice(0, index).some((outer) => isInside(outer, scope)));
}

function scopeOf(changed: string, context: ScopeContext, holders: Set<string>): string {
  let folder = context.isFolder(changed) ? changed : path.dirname(changed);
  while (folder !== context.root && !context.isFolder(folder)) folder = path.dirname(folder);
  let scope = folder;
  for (let ancestor = folder; ancestor !== context.root; ancestor = path.dirname(ancestor)) {
    if (holders.has(ancestor)) scope = ancestor;
    else if (context.projectPaths.has(ancestor)) scope = ancestor;
    if (path.dirname(ancestor) === ancestor) break;
  }
  return scope;
}
