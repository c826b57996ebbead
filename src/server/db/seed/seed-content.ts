/** Text for the demo data. */
export const FIRST_NAMES = ['Alex', 'Sam', 'Taylor', 'Morgan', 'Riley', 'Jamie', 'Drew', 'Quinn', 'Robin', 'Skyler', 'Harper', 'Rowan', 'Emery', 'Kai', 'Logan', 'Parker', 'Reese', 'Sage', 'Dakota', 'Hayden'];
export const LAST_NAMES = ['Rivera', 'Chen', 'Patel', 'Johnson', 'Garcia', 'Kim', 'Nguyen', 'Smith', 'Lopez', 'Brown', 'Davis', 'Miller', 'Wilson', 'Moore', 'Clark', 'Lewis', 'Walker', 'Young', 'Allen', 'King'];

export const EXPERT_BIOS = [
  'Licensed home inspector in {city} with ten years of experience documenting properties with detailed photo and video reports.',
  'Former car dealership technician in {city}. I check vehicles for sellers and buyers and send a clear written assessment.',
  'I verify marketplace listings around {city}: condition, serial numbers and a live video call so you see exactly what you buy.',
  'Real estate photographer in {city}. Rental walkthroughs, move-in condition reports and neighbourhood checks.',
  'Certified appraiser based in {city}. Furniture, electronics and collectibles, documented carefully and quickly.',
];

export const EXPERTISE_SETS = [
  ['Property inspection', 'Rental walkthroughs', 'Photo reports'],
  ['Vehicle inspection', 'Used cars', 'Test drive videos'],
  ['Marketplace items', 'Electronics', 'Live video calls'],
  ['Apartment viewings', 'Neighbourhood checks'],
  ['Furniture', 'Collectibles', 'Condition reports'],
];

export const SEED_TASKS = [
  {
    title: 'Video walkthrough of a Brooklyn apartment',
    description: 'Please record a video walkthrough of the apartment and photograph every room, the windows and the water pressure.',
    requirements: 'Photos of every room, a short video of the kitchen and bathroom, and notes on any damage.',
    category: 'property' as const,
    urgency: 'high' as const,
    budgetCents: 12000,
    city: 'New York',
  },
  {
    title: 'Inspect a used Honda Civic before purchase',
    description: 'Check the condition of a 2018 Honda Civic listed by a private seller and send photos and a short assessment.',
    requirements: 'Photos of the exterior, interior, tyres and engine bay, and a video of the engine starting.',
    category: 'vehicle' as const,
    urgency: 'medium' as const,
    budgetCents: 15000,
    city: 'Los Angeles',
  },
  {
    title: 'Verify a vintage guitar listing',
    description: 'Confirm that a vintage guitar listed online exists and matches the photos, and document its condition on video.',
    requirements: 'Serial number photo, close-ups of the neck and body, and a short video of it being played.',
    category: 'general' as const,
    urgency: 'low' as const,
    budgetCents: 8000,
    city: 'Austin',
  },
  {
    title: 'Photograph a rental house in Chicago',
    description: 'Photograph the outside and inside of a rental house and report on the state of the roof, porch and yard.',
    requirements: 'At least twenty photos and a written report on visible issues with the roof, porch and yard.',
    category: 'property' as const,
    urgency: 'medium' as const,
    budgetCents: 10000,
    city: 'Chicago',
  },
];
