// Random allocation on the Participant List (issue 34, part 4): chosen participants of stage 1 are allocated to
// groups of a later stage by balanced blocks. The call's shape, its rules and texts, and the allocation itself
// live here once: the dialog checks with them and the server refuses with them; the server draws the list.
import { MAX_SEED, seededRandom, shuffled } from './seededRandom';

export { MAX_SEED };

/** Participants in one call: a study's stage 1 in practice; the list is recorded whole in one audit entry. */
export const MAX_ALLOCATION_PARTICIPANTS = 1000;
export const MAX_ALLOCATION_GROUPS = 20;
export const MAX_RATIO = 20;
export const MAX_BLOCK_SIZE = 100;

/**
 * POST /api/participants/{studyId}/allocate. `ratios` (our addition, docs/decisions.md) gives each group's share,
 * in the order of `groupIds`; without it every group has the share 1. `seed` is drawn by the server when left out.
 */
export interface AllocateBody {
  participantIds: string[];
  stageId: string;
  groupIds: string[];
  blockSize: number;
  seed?: number;
  ratios?: number[];
}

export interface Allocation {
  participantId: string;
  groupId: string;
}

export interface AllocateAnswer {
  seed: number;
  allocations: Allocation[];
}

/** One place of the allocation list: the group, the block (from 1) and the position in the block (from 1). */
export interface AllocationSlot {
  groupId: string;
  block: number;
  position: number;
}

export const allocationMessages = {
  participantsRequired: 'Choose at least one participant to allocate',
  tooManyParticipants: `At most ${MAX_ALLOCATION_PARTICIPANTS} participants can be allocated at once`,
  participantsRepeated: 'Each participant can be chosen only once',
  stageRequired: 'Choose the stage to allocate to',
  groupsRequired: 'Choose at least two groups',
  tooManyGroups: `At most ${MAX_ALLOCATION_GROUPS} groups can be chosen`,
  groupsRepeated: 'Each group can be chosen only once',
  ratiosMismatch: 'Give one ratio for each chosen group',
  ratioInvalid: `Each ratio must be a whole number from 1 to ${MAX_RATIO}`,
  blockSizeInvalid: `The block size must be a whole number from 2 to ${MAX_BLOCK_SIZE}`,
  blockSizeNotMultiple: (ratioSum: number) => `The block size must be a multiple of ${ratioSum}, the sum of the ratios`,
  seedInvalid: `The seed must be a whole number from 0 to ${MAX_SEED}`,
  stageNotLater: 'Participants can only be allocated to a stage after stage 1',
  groupNotOfStage: 'Each chosen group must belong to the chosen stage',
  notInFirstStage: (code: string) => `Participant ${code} is not in stage 1: only participants of stage 1 can be allocated`,
  notEnrolled: (code: string) => `Participant ${code} is not enrolled: only enrolled participants can be allocated`,
  alreadyAllocated: (code: string) => `Participant ${code} has already been allocated at random`,
  allocatedMeanwhile: 'A chosen participant has just been allocated at random by someone else. Please reload the list.',
  allocated: (count: number) => (count === 1 ? '1 participant has been allocated at random' : `${count} participants have been allocated at random`),
} as const;

/**
 * The standing rule (GET/PUT/DELETE /api/participants/{studyId}/allocation_rule): every participant who becomes
 * enrolled in stage 1 from now on takes the next slot of the blocks allocationSlots makes from the rule's seed.
 */
export interface AllocationRuleBody {
  stageId: string;
  groupIds: string[];
  blockSize: number;
  seed?: number;
  ratios?: number[];
}

/** The rule in force: the seed (drawn when not given), the ratios in full, and how many it has allocated. */
export interface AllocationRule {
  stageId: string;
  groupIds: string[];
  ratios: number[];
  blockSize: number;
  seed: number;
  allocatedCount: number;
  setAt: string;
}

/** The dialog's words. */
export const allocationTexts = {
  button: 'Assign at random',
  title: 'Assign at random',
  explanation:
    'Enrolled participants of stage 1 are allocated to groups of a later stage in blocks: each full block holds every group in its ratio, in a random order.',
  participants: 'Participants of stage 1',
  everyone: 'Every enrolled participant of stage 1 listed',
  noneListed: 'No enrolled participant of stage 1 is listed. Show all stages or stage 1 above.',
  stage: 'Allocate to stage',
  chooseStage: 'Choose a stage',
  groups: 'Groups and their ratios',
  ratioOf: (groupName: string) => `Ratio of ${groupName}`,
  blockSize: 'Block size',
  seed: 'Seed (optional)',
  seedHelp: 'The same seed and participants give the same allocation. Left empty, the server draws one.',
  allocate: 'Allocate',
  allocating: 'Allocating…',
  cancel: 'Cancel',
  close: 'Close',
  seedUsed: (seed: number) => `Seed: ${seed}`,
  download: 'Download allocation list (CSV)',
  downloadFailed: 'The allocation list could not be downloaded',
} as const;

/** The allocation rule's dialog (Allocate on consent, beside Assign at random on the Participant List). */
export const allocationRuleTexts = {
  button: 'Allocate on consent',
  title: 'Allocate on consent',
  explanation:
    'Every participant who becomes enrolled in stage 1 from now on (who consents in the app, or joins a study without a consent form) is allocated at once to the next place of the blocks.',
  turnOn: 'Allocate every participant who consents from now on',
  saving: 'Saving…',
  loading: 'Loading the rule…',
  none: 'No rule is in force: participants stay in stage 1 when they consent.',
  inForce: 'The rule in force',
  allocatedSoFar: (count: number) => (count === 1 ? '1 participant allocated under this rule' : `${count} participants allocated under this rule`),
  blocksOf: (blockSize: number) => `Blocks of ${blockSize}`,
  change: 'Change the rule',
  changeNote: 'A changed rule starts a new sequence of blocks.',
  turnOff: 'Turn off',
  confirmTurnOff: 'Turn off the rule? Participants who consent afterwards stay in stage 1; those already allocated stay in their groups.',
  confirmYes: 'Yes, turn it off',
  keepOn: 'Keep it on',
  turnedOn: 'The rule is on.',
  turnedOff: 'The rule is off.',
  close: 'Close',
} as const;

/** The CSV's columns: the four the issue names, then where and when (a study may allocate more than once). */
export const ALLOCATION_CSV_COLUMNS = ['participant_code', 'group', 'block', 'position', 'stage', 'seed', 'allocated_at'] as const;

export const ALLOCATION_CSV_MEDIA_TYPE = 'text/csv';

/** What the dialog holds (numbers may be NaN while typed) and the call carries. */
export interface AllocationFields {
  participantIds: readonly string[];
  stageId: string | null;
  groupIds: readonly string[];
  ratios?: readonly number[];
  blockSize: number;
  seed?: number;
}

const wholeIn = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** Each group's share: the ratios given, or 1 for each group. */
export function ratiosOf(fields: Pick<AllocationFields, 'groupIds' | 'ratios'>): number[] {
  return fields.ratios ? [...fields.ratios] : fields.groupIds.map(() => 1);
}

/** Why the allocation cannot be made as asked, in the order the dialog's fields come; null when it can. */
export function allocationProblem(fields: AllocationFields): string | null {
  const { participantIds } = fields;
  if (participantIds.length === 0) return allocationMessages.participantsRequired;
  if (participantIds.length > MAX_ALLOCATION_PARTICIPANTS) return allocationMessages.tooManyParticipants;
  if (new Set(participantIds).size !== participantIds.length) return allocationMessages.participantsRepeated;
  return allocationRuleProblem(fields);
}

/** The same rules without the participants: for a one-off allocation and for the standing rule alike. */
export function allocationRuleProblem(fields: Omit<AllocationFields, 'participantIds'>): string | null {
  const { groupIds } = fields;
  if (!fields.stageId) return allocationMessages.stageRequired;
  if (groupIds.length < 2) return allocationMessages.groupsRequired;
  if (groupIds.length > MAX_ALLOCATION_GROUPS) return allocationMessages.tooManyGroups;
  if (new Set(groupIds).size !== groupIds.length) return allocationMessages.groupsRepeated;
  const ratios = ratiosOf(fields);
  if (ratios.length !== groupIds.length) return allocationMessages.ratiosMismatch;
  if (!ratios.every((r) => wholeIn(r, 1, MAX_RATIO))) return allocationMessages.ratioInvalid;
  if (!wholeIn(fields.blockSize, 2, MAX_BLOCK_SIZE)) return allocationMessages.blockSizeInvalid;
  const ratioSum = ratios.reduce((a, b) => a + b, 0);
  if (fields.blockSize % ratioSum !== 0) return allocationMessages.blockSizeNotMultiple(ratioSum);
  if (fields.seed !== undefined && !wholeIn(fields.seed, 0, MAX_SEED)) return allocationMessages.seedInvalid;
  return null;
}

/**
 * The allocation list for `count` participants taken in order: block after block, each a shuffle (by the
 * seeded generator) of every group repeated ratio × blockSize / ratioSum times. Every full block is balanced;
 * the last block is cut short when the participants run out. Call it only with fields allocationProblem accepts.
 */
export function allocationSlots(count: number, groupIds: readonly string[], ratios: readonly number[], blockSize: number, seed: number): AllocationSlot[] {
  const random = seededRandom(seed);
  const perRatio = blockSize / ratios.reduce((a, b) => a + b, 0);
  const block = groupIds.flatMap((groupId, i) => Array.from({ length: ratios[i] * perRatio }, () => groupId));
  const slots: AllocationSlot[] = [];
  for (let number = 1; slots.length < count; number += 1) {
    shuffled(block, random).forEach((groupId, index) => {
      if (slots.length < count) slots.push({ groupId, block: number, position: index + 1 });
    });
  }
  return slots;
}
