// Step 1 of the upload flow, field by field: the name is required, a file must be chosen, and the file must
// pass the shared extension and size rules (part 1 section 5), with the specification's messages.
import { checkMediaFile, fileNameProblem } from '../../../shared/media';
import { mediaMessages } from '../../../shared/messages';

export interface UploadProblems {
  name?: string;
  file?: string;
}

export function fileProblem(file: File | null): string | null {
  if (!file) return mediaMessages.fileRequired;
  const check = checkMediaFile(file.name, file.size);
  return check.ok ? null : check.message;
}

export function uploadProblems(name: string, file: File | null): UploadProblems {
  const problems: UploadProblems = {};
  const nameProblem = fileNameProblem(name);
  if (nameProblem) problems.name = nameProblem;
  const problem = fileProblem(file);
  if (problem) problems.file = problem;
  return problems;
}

/** The first problem, in the form's order; null when the upload may start. */
export function firstUploadProblem(name: string, file: File | null): string | null {
  const problems = uploadProblems(name, file);
  return problems.name ?? problems.file ?? null;
}
