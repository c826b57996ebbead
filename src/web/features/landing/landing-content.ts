import { Car, ClipboardCheck, Home, type LucideIcon } from 'lucide-react';

/** The landing page's marketing copy (the spec fixes only its structure, not its words). */

export { HERO } from './hero-content';

export interface CategoryCard {
  category: 'general' | 'property' | 'vehicle';
  title: string;
  text: string;
  icon: LucideIcon;
}

export const CATEGORY_CARDS: readonly CategoryCard[] = [
  {
    category: 'general',
    title: 'General',
    text: 'Marketplace items, documents, a storefront or anything else that needs a trusted pair of eyes.',
    icon: ClipboardCheck,
  },
  {
    category: 'property',
    title: 'Property',
    text: 'Apartments and houses checked room by room before you sign a lease or send a deposit.',
    icon: Home,
  },
  {
    category: 'vehicle',
    title: 'Vehicle',
    text: 'Used cars inspected inside and out, with the details a listing leaves out.',
    icon: Car,
  },
];

export interface HowItWorksStep {
  title: string;
  text: string;
}

export const HOW_IT_WORKS: readonly HowItWorksStep[] = [
  { title: 'Post your task', text: 'Say what needs checking, where, by when and your budget.' },
  {
    title: 'A local expert takes it',
    text: 'Verified experts near the place apply; you choose one and authorize the payment.',
  },
  {
    title: 'Get the real story',
    text: 'Photos, videos and an assessment arrive in the app. You pay only when you approve the evidence.',
  },
];

export const SECTIONS = {
  categoriesTitle: 'What can a local expert check for you?',
  howItWorksTitle: 'How It Works',
  closingTitle: 'Ready to see it for yourself?',
  closingText: 'Post your first task in minutes, or earn by helping people in your city.',
} as const;
