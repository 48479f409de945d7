// The lint rule that keeps bridge calls out of effects (issue 44: reads held in useState and read again by hand went
// stale): the renderer's own configuration, as eslint.config.js resolves it for a feature file, run on sources that
// call the bridge in an effect (refused) and from a handler or an RTK Query endpoint (allowed).
import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let rule: Linter.RuleEntry;

beforeAll(async () => {
  const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(path.join(ROOT, 'renderer/features/sharing/ShareSection.tsx'))) as Linter.Config;
  rule = config.rules!['no-restricted-syntax']!;
});

/** The effect rule's findings in `body`, a component's source. */
function refusals(body: string): number[] {
  const source = `import { useEffect, useLayoutEffect } from 'react';\nimport * as React from 'react';\nimport { callCore, callLibrary } from '../../api/calls';\n${body}`;
  const linter = new Linter({ configType: 'flat' });
  const config: Linter.Config[] = [{ files: ['**/*.tsx'], languageOptions: { parser: tseslint.parser as Linter.Parser, parserOptions: { ecmaFeatures: { jsx: true } } }, rules: { 'no-restricted-syntax': rule } }];
  return linter
    .verify(source, config, { filename: 'Probe.tsx' })
    .filter((message) => message.message.startsWith('A bridge call inside an effect'))
    .map((message) => message.line - 3);
}

describe('bridge calls in effects', () => {
  it.each([
    ['callCore in useEffect', 'function A() { useEffect(() => { void callCore("studio:settings"); }, []); }'],
    ['callLibrary in a function inside useLayoutEffect', 'function A() { useLayoutEffect(() => { const read = () => callLibrary("studio:settings"); void read(); }, []); }'],
    ['window.api in React.useEffect', 'function A() { React.useEffect(() => { void window.api; }, []); }'],
  ])('refuses %s', (_, body) => {
    expect(refusals(body)).toEqual([1]);
  });

  it.each([
    ['a call from a click', 'function A() { const save = () => void callCore("studio:settings"); return <button onClick={save} />; }'],
    ['an effect that calls no bridge', 'function A() { useEffect(() => { document.title = "x"; }, []); }'],
  ])('allows %s', (_, body) => {
    expect(refusals(body)).toEqual([]);
  });
});
