// Two organizations, coded 1 and 2 (part 1 section 1). Their display names come from settings.
export const ORGANIZATIONS = [1, 2] as const;
export type Organization = (typeof ORGANIZATIONS)[number];

export function isOrganization(value: unknown): value is Organization {
  return value === 1 || value === 2;
}
