/** The hero's copy, alone in a file without imports: the build also writes it into index.html (landing shell). */
export const HERO = {
  eyebrow: 'Remote inspections by verified locals',
  title: 'See it before you commit, from anywhere',
  text: 'A verified local expert visits the apartment, car or item for you and delivers photos, videos and an honest assessment within 24-48 hours.',
} as const;
