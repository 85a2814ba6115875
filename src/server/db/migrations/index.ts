// The ordered list of migrations. Add new files here; never edit one that has shipped.
import type { Migration } from 'kysely';
import * as identity from './0001_identity';
import * as studiesAndMedia from './0002_studies_and_media';
import * as questionnaires from './0003_questionnaires';
import * as listIndexes from './0004_list_indexes';
import * as groupQuestionnaires from './0005_group_questionnaires';
import * as labUsersListIndex from './0006_lab_users_list_index';
import * as participants from './0007_participants';
import * as imageDownloads from './0008_image_downloads';
import * as answerReceipts from './0009_answer_receipts';
import * as answerItemsClustered from './0010_answer_items_clustered';
import * as push from './0011_push';
import * as pilot from './0012_pilot';
import * as auditTrail from './0013_audit_trail';
import * as auditSeqPositive from './0014_audit_seq_positive';
import * as pushClaimToken from './0015_push_claim_token';
import * as deliveryLedger from './0016_delivery_ledger';
import * as participantDevices from './0018_participant_devices';
import * as messages from './0020_messages';
import * as scores from './0021_scores';
import * as allocations from './0022_allocations';
import * as allocationRules from './0023_allocation_rules';
import * as followups from './0024_followups';
import * as planZones from './0025_plan_zones';
import * as shuffles from './0026_shuffles';
import * as shownTexts from './0027_shown_texts';
import * as apiKeys from './0028_api_keys';
import * as secondFactors from './0029_second_factors';
import * as secondFactorRequirement from './0030_second_factor_requirement';
import * as dataRights from './0034_data_rights';
import * as erasures from './0035_erasures';
import * as retention from './0036_retention';

export const migrations: Record<string, Migration> = {
  '0001_identity': identity,
  '0002_studies_and_media': studiesAndMedia,
  '0003_questionnaires': questionnaires,
  '0004_list_indexes': listIndexes,
  '0005_group_questionnaires': groupQuestionnaires,
  '0006_lab_users_list_index': labUsersListIndex,
  '0007_participants': participants,
  '0008_image_downloads': imageDownloads,
  '0009_answer_receipts': answerReceipts,
  '0010_answer_items_clustered': answerItemsClustered,
  '0011_push': push,
  '0012_pilot': pilot,
  '0013_audit_trail': auditTrail,
  '0014_audit_seq_positive': auditSeqPositive,
  '0015_push_claim_token': pushClaimToken,
  '0016_delivery_ledger': deliveryLedger,
  '0018_participant_devices': participantDevices,
  '0020_messages': messages,
  '0021_scores': scores,
  '0022_allocations': allocations,
  '0023_allocation_rules': allocationRules,
  '0024_followups': followups,
  '0025_plan_zones': planZones,
  '0026_shuffles': shuffles,
  '0027_shown_texts': shownTexts,
  '0028_api_keys': apiKeys,
  '0029_second_factors': secondFactors,
  '0030_second_factor_requirement': secondFactorRequirement,
  '0034_data_rights': dataRights,
  '0035_erasures': erasures,
  '0036_retention': retention,
};
