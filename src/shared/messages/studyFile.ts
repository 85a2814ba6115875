// The study file's texts (issue 35 part 1): the refusals of an import, naming the first problem, and the
// Edit Study and Study List controls with the import's summary.
export const studyFileMessages = {
  notStudyFile: 'This is not a study file of this portal',
  notJson: 'This file is not JSON, so it is not a study file',
  versionUnknown: 'The study file has no format version this portal can read',
  futureVersion: (version: number, current: number) =>
    `The study file is of format version ${version}; this portal reads versions up to ${current}. Export it again from a portal of this version, or update this portal.`,
  shapeProblem: (where: string, problem: string) => `The study file is not valid at ${where}: ${problem}`,
  questionnaireProblem: (abbrev: string, problem: string) => `Questionnaire ${abbrev} in the study file: ${problem}`,
  groupProblem: (stage: number, group: number, problem: string) => `Stage ${stage}, group ${group} in the study file: ${problem}`,
  studyProblem: (problem: string) => `The study in the study file: ${problem}`,
  questionnaireRefTwice: (ref: string) => `The study file names two questionnaires ${ref}`,
  questionnaireRefUnknown: (ref: string) => `The study file uses a questionnaire ${ref} it does not contain`,
  choiceSetUnknown: (ref: string) => `a response uses a multiple-choice set ${ref} the file does not contain`,
  noStages: 'The study file has no stage',
  noGroups: (stage: number) => `Stage ${stage} in the study file has no participant group`,
  exportDesign: 'Export study design',
  importDesign: 'Import study design',
  importChoose: 'Choose a study file (.json) exported by this portal',
  imported: (name: string) => `The study "${name}" was imported as a new, inactive study`,
  renamed: (from: string, to: string) => `Questionnaire code ${from} is already used in this lab: the copy is ${to}`,
  mediaMissing: (name: string) => `Media file "${name}" is not in this lab's media: its response shows nothing until a file is chosen`,
  zoneNotOffered: (zone: string, replacedBy: string) => `Time zone ${zone} is not offered here: its settings use ${replacedBy}`,
  nothingLeftOut: 'Everything in the file was carried.',
} as const;
