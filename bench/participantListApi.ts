// Participant List API: GET /api/participants/{studyId}/get_participants for a study of 10,000 participants
// (seeded straight into the SQLite file, half of them arrived with a plan), and the stage 1 + group 1 filter, on the real
// server process. Each run times CALLS calls one after another (after one warm-up); RUNS runs (3 by default),
// the median of the runs' medians is reported.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuild, OWNER_EMAIL, OWNER_PASSWORD, request, seedStudyOverHttp, startServerProcess } from '../__tests__/server/support/serverProcess';
import { PARTICIPANTS_IN_STUDY, seedParticipants } from './participantList';
import type { GetParticipantsAnswer } from '../src/shared/types/participant';
import type { Study } from '../src/shared/types/study';
import type { Benchmark } from './types';
import { median } from './support/stats';

const RUNS = Number(process.env.BENCH_LIST_RUNS || 3);
const CALLS = 10;

async function timed(call: () => Promise<{ status: number }>): Promise<number> {
  const started = process.hrtime.bigint();
  const res = await call();
  if (res.status !== 200) throw new Error(`answered ${res.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export const participantListApi: Benchmark = {
  name: 'participantListApi',
  title: `Participant List API: get_participants of a study of ${PARTICIPANTS_IN_STUDY.toLocaleString('en-US')} participants`,
  async run() {
    ensureServerBuild();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-list-'));
    const server = await startServerProcess({ DATA_DIR: dataDir, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD, LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info' }, undefined, (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), 'ignore');
    try {
      const seeded = await seedStudyOverHttp(server);
      const study = (await request<Study>(server, 'GET', `/api/studies/${seeded.studyId}`, seeded.manager)).body;
      seedParticipants(dataDir, study, seeded.managerId, PARTICIPANTS_IN_STUDY);
      const all = () => request<GetParticipantsAnswer>(server, 'GET', `/api/participants/${study._id}/get_participants`, seeded.manager);
      const filtered = () =>
        request(server, 'POST', `/api/participants/${study._id}/get_filtered_participants`, seeded.manager, {
          currentStageId: study.stage_list[0]._id,
          currentGroupId: study.stage_list[0].participant_group_list[0]._id,
        });
      const sample = await all();
      const listed = sample.body.participantsData.participants;
      if (listed.length !== PARTICIPANTS_IN_STUDY) throw new Error('the list is not complete');
      // A quarter of the arrived participants hold diary tasks not cancelled (bench/participantList.ts).
      const withDiary = listed.filter((p) => p.participation[0].has_diary_tasks).length;
      if (withDiary !== PARTICIPANTS_IN_STUDY / 8) throw new Error(`${withDiary} participants hold diary tasks`);
      const bytes = Buffer.byteLength(JSON.stringify(sample.body));
      const allRuns: number[][] = [];
      const filteredRuns: number[][] = [];
      for (let r = 0; r < RUNS; r += 1) {
        const a: number[] = [];
        const f: number[] = [];
        for (let i = 0; i < CALLS; i += 1) {
          a.push(await timed(all));
          f.push(await timed(filtered));
        }
        allRuns.push(a);
        filteredRuns.push(f);
        console.log(`run ${r + 1}: get_participants median ${median(a).toFixed(1)} ms, filtered median ${median(f).toFixed(1)} ms`);
      }
      return {
        measures: [
          { name: `get_participants, ${PARTICIPANTS_IN_STUDY} rows (median of ${RUNS} runs' medians)`, value: median(allRuns.map(median)), unit: 'ms' },
          { name: 'get_participants, slowest call', value: Math.max(...allRuns.flat()), unit: 'ms' },
          { name: 'get_filtered_participants, stage 1 + group 1 (median)', value: median(filteredRuns.map(median)), unit: 'ms' },
          { name: 'answer size', value: bytes / 1024, unit: 'KiB' },
        ],
        details: { participants: PARTICIPANTS_IN_STUDY, callsPerRun: CALLS, allRuns, filteredRuns },
      };
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
