import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The layers' import rules (eslint.config.js), each shown catching one import. A snippet is linted
// as if it were a file of the folder; the allowed import beside it shows the rule is not a blanket ban.
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const cases: Array<{ rule: string; file: string; banned: string[]; allowed: string }> = [
  {
    rule: 'stages never import dexie, wxt/browser, React or lib/db',
    file: 'lib/answering/probe.ts',
    banned: [
      "import Dexie from 'dexie';",
      "import { browser } from 'wxt/browser';",
      "import { useState } from 'react';",
      "import { SpanlightDb } from '../db/database';",
      "import type { JobRecord } from '@/lib/db/database';",
    ],
    allowed: "import { splitPassages } from '../pages/passages';\nimport type { AnswerRecord } from '../shared/records';",
  },
  {
    rule: 'components never import providers, the model or the database',
    file: 'components/probe.tsx',
    banned: [
      "import { braveProvider } from '@/lib/search/brave';",
      "import { openAiCompatible } from '@/lib/model/openai-compatible';",
      "import type { ChatModel } from '../lib/model/chat-model';",
      "import { SpanlightDb } from '@/lib/db/database';",
      "import OpenAI from 'openai';",
    ],
    allowed: "import { capabilitiesFor } from '@/lib/shared/capabilities';\nimport { call } from '@/lib/messaging/client';",
  },
  {
    rule: 'the content script never imports settings or storage',
    file: 'entrypoints/content.ts',
    banned: [
      "import { DEFAULT_SETTINGS } from '@/lib/settings';",
      "import { SpanlightDb } from '@/lib/db/database';",
      "import { storage } from 'wxt/utils/storage';",
      "import { contentCalls } from '@/lib/messaging/protocol';",
      "import { z } from 'zod';",
    ],
    allowed:
      "import { highlightWhenReady } from '@/lib/anchor/highlight';\nimport type { Result } from '@/lib/messaging/protocol';",
  },
  {
    rule: 'anchoring (in the content script) never imports settings',
    file: 'lib/anchor/probe.ts',
    banned: ["import { DEFAULT_SETTINGS } from '../settings';"],
    allowed: "import { findQuote } from './find-quote';",
  },
  {
    rule: 'the content listener never imports the database (content script and messaging rules together)',
    file: 'lib/messaging/content-listener.ts',
    banned: ["import { DEFAULT_SETTINGS } from '../settings';", "import { AnswerRecordSchema } from '../db/database';"],
    allowed: "import type { SenderLike } from './server';",
  },
  {
    rule: 'lib/model never imports lib/search',
    file: 'lib/model/probe.ts',
    banned: ["import { requestJson } from '../search/http';", "import type { SearchProvider } from '../search/provider';"],
    allowed: "import { ProviderError } from '../shared/provider-error';\nimport type { FetchLike } from '../shared/fetch-like';",
  },
  {
    rule: 'messaging never imports lib/db',
    file: 'lib/messaging/probe.ts',
    banned: ["import { AnswerRecordSchema } from '../db/database';", "import { exportHistory } from '../db/history-io';"],
    allowed: "import { AnswerRecordSchema } from '../shared/records';\nimport { SettingsSchema } from '../settings';",
  },
  {
    rule: 'lib/shared imports only zod and lib/types',
    file: 'lib/shared/probe.ts',
    banned: ["import { requestJson } from '../search/http';", "import { SettingsSchema } from '../settings';"],
    allowed: "import { z } from 'zod';\nimport { ClaimSchema } from './types';",
  },
  {
    rule: 'lib/providers imports only zod and its own files (lib/shared imports it)',
    file: 'lib/providers/probe.ts',
    banned: [
      "import { failureOf } from '../shared/failure-text';",
      "import type { SearchHit } from '@/lib/shared/types';",
      "import { requestJson } from '../search/http';",
      "import { SettingsSchema } from '../settings';",
    ],
    allowed: "import { z } from 'zod';\nimport { keyedSettings } from './search-provider';",
  },
];

// The reading code (eslint.config.js, PURE): every folder of it, each shown refusing the browser,
// storage, the network's adapters, the UI, Node's own modules and the two orchestrators.
for (const folder of ['reading', 'verdict', 'text', 'dates', 'pages', 'evidence', 'claims', 'planning', 'run'])
  cases.push({
    rule: `lib/${folder} is pure reading code`,
    file: `lib/${folder}/probe.ts`,
    banned: [
      "import { browser } from 'wxt/browser';",
      "import { storage } from 'wxt/utils/storage';",
      "import Dexie from 'dexie';",
      "import { SpanlightDb } from '../db/database';",
      "import { useState } from 'react';",
      "import OpenAI from 'openai';",
      "import { readFileSync } from 'node:fs';",
      "import { braveProvider } from '../search/brave';",
      "import { createOpenAiCompatibleModel } from '../model/openai-compatible';",
      "import { call } from '../messaging/client';",
      "import { answerQuestion } from '../answering/answer-question';",
      "import type { FactCheckDeps } from '@/lib/factcheck/deps';",
    ],
    allowed: "import { contentWords } from '../text/tokens';\nimport type { ChatModel } from '../model/chat-model';",
  });

cases.push(
  {
    rule: 'fact-checking never reaches into the answering orchestrator',
    file: 'lib/factcheck/probe.ts',
    banned: [
      "import type { PipelineDeps } from '../answering/deps';",
      "import { removedWarnings } from '@/lib/answering/gate-stage';",
      "import { browser } from 'wxt/browser';",
      "import Dexie from 'dexie';",
    ],
    allowed: "import { settleVerdicts } from '../verdict/settle-verdicts';\nimport { selectEvidence } from '../evidence/select';",
  },
  {
    rule: 'answering never reaches into the fact-check',
    file: 'lib/answering/probe.ts',
    banned: ["import { factCheck } from '../factcheck/fact-check';", "import type { CheckedClaim } from '@/lib/factcheck/deps';"],
    allowed: "import { settleVerdicts } from '../verdict/settle-verdicts';\nimport { gateEvidence } from '../evidence/gate';",
  },
);

describe('import boundaries (eslint.config.js)', () => {
  for (const c of cases) {
    it(`${c.rule}: each banned import is an error in ${c.file}`, async () => {
      for (const line of c.banned) expect(await restricted(c.file, `${line}\nexport {};\n`), line).toHaveLength(1);
    });
    it(`${c.rule}: the allowed imports pass in ${c.file}`, async () => {
      expect(await restricted(c.file, `${c.allowed}\nexport {};\n`)).toEqual([]);
    });
  }

  for (const file of ['lib/answering/probe.ts', 'lib/factcheck/probe.ts', 'lib/verdict/probe.ts', 'lib/pages/probe.ts'])
    it(`${file}: the browser is not a global there either`, async () => {
      const [result] = await eslint.lintText('export const id = browser.runtime.id;\n', { filePath: file });
      expect(result!.messages.map((m) => m.ruleId)).toContain('no-restricted-globals');
    });

  it('lib/db re-exports nothing: the record shapes are imported from lib/shared, not through the database', async () => {
    const syntax = async (code: string) =>
      (await eslint.lintText(code, { filePath: 'lib/db/database.ts' }))[0]!.messages.filter(
        (m) => m.ruleId === 'no-restricted-syntax',
      );
    for (const reexport of ["export * from '../shared/records';", "export { AnswerRecordSchema } from '../shared/records';"])
      expect(await syntax(`${reexport}\n`), reexport).toHaveLength(1);
    expect(
      await syntax(
        "import { AnswerRecordSchema } from '../shared/records';\nexport const read = AnswerRecordSchema.safeParse;\n",
      ),
    ).toEqual([]);
    // And the database as it stands passes the rule.
    const [database] = await eslint.lintFiles(['lib/db/database.ts']);
    expect(database!.messages.filter((m) => m.ruleId === 'no-restricted-syntax')).toEqual([]);
  });
});
