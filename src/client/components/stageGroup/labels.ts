// How a study's stages and groups read wherever the portal names or offers them.

export function stageLabel(stage: { stage_num: number; chin_name: string }): string {
  const name = stage.chin_name.trim();
  return name ? `Stage ${stage.stage_num}: ${name}` : `Stage ${stage.stage_num}`;
}

export function groupLabel(group: { group_num: number; name: string }): string {
  const name = group.name.trim();
  return name ? `Group ${group.group_num}: ${name}` : `Group ${group.group_num}`;
}
