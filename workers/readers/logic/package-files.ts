/**
 * The files of a Logic-style package (`.logicx`, GarageBand's `.band`: the same layout, FORMATS.md and
 * FORMATS-MORE.md), read the same way by both readers: its plists, and the lowest-numbered alternative.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { UnreadableFileError } from '../../../common/projects/project-meta';
import { isFileAt } from '../path-kind';
import { readPlistFile } from './plist-file';
import { isPlistDict, PlistFormatError, type PlistDict, type PlistValue } from './plist-value';

export const PROJECT_INFORMATION = 'Resources/ProjectInformation.plist';
export const ALTERNATIVES = 'Alternatives';
export const META_DATA = 'MetaData.plist';
const ALTERNATIVE_NAME = /^\d{1,6}$/;
/** Alternatives whose MetaData.plist is looked for; a real package has one or a few. */
const MAX_ALTERNATIVES_TRIED = 1000;

export type Unreadable = (reason: string) => UnreadableFileError;

export function readPackagePlist(root: string, relativePath: string, unreadable: Unreadable): PlistDict {
  let value: PlistValue;
  try {
    value = readPlistFile(path.join(root, ...relativePath.split('/')));
  } catch (error) {
    if (error instanceof PlistFormatError) throw unreadable(sentence(relativePath, error.reason));
    throw error;
  }
  if (!isPlistDict(value)) throw unreadable(`${relativePath} does not hold a dictionary`);
  return value;
}

/** Reasons from the plist layer start with a verb ("is missing") or with a subject ("plist is empty"). */
function sentence(relativePath: string, reason: string): string {
  return /^(is|cannot)\b/.test(reason) ? `${relativePath} ${reason}` : `${relativePath}: ${reason}`;
}

/** The lowest-numbered `Alternatives/NNN` folder that holds a MetaData.plist ("000" in nearly every project). */
export function lowestAlternative(root: string, unreadable: Unreadable): string {
  let names: string[];
  try {
    names = fs.readdirSync(path.join(root, ALTERNATIVES));
  } catch (error) {
    throw unreadable(`has no readable ${ALTERNATIVES} folder (${errorCode(error)})`);
  }
  const numbered = names.filter((name) => ALTERNATIVE_NAME.test(name)).sort((a, b) => Number(a) - Number(b));
  for (const name of numbered.slice(0, MAX_ALTERNATIVES_TRIED)) {
    if (isFileAt(path.join(root, ALTERNATIVES, name, META_DATA))) return name;
  }
  throw unreadable(`has no ${ALTERNATIVES}/NNN/${META_DATA}`);
}

export function stringsIn(value: PlistValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];
}

function errorCode(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
  return String(error);
}
