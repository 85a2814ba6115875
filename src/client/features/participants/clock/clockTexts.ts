// The words of the clock toggle, shared by the pages that show it and their tests.
export const clockTexts = {
  legend: 'Show times in',
  study: (zone: string) => `Study time zone (${zone})`,
  mine: (zone: string) => `My time zone (${zone})`,
  onlyMine: (zone: string) => `Times are in my time zone (${zone}): the study has no EMA or diary setting yet.`,
};
