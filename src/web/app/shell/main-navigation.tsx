import { NavLink } from 'react-router';
import { ClipboardList, MessageSquare, Search, User, type LucideIcon } from 'lucide-react';

interface Destination {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
}

/**
 * The three destinations of the shell (spec 000, Shell), the same on every layout; a client also
 * gets "Find an expert", the expert directory (issue 23, decision 0330).
 */
export function destinations(isExpert: boolean): Destination[] {
  return [
    { to: '/dashboard', label: isExpert ? 'Available Tasks' : 'My Tasks', icon: ClipboardList, end: true },
    ...(isExpert ? [] : [{ to: '/find-experts', label: 'Find an expert', icon: Search }]),
    { to: '/dashboard/messages', label: 'Messages', icon: MessageSquare },
    { to: '/profile', label: 'Profile', icon: User },
  ];
}

/**
 * From 768 px: a row of links in the top bar, in the page flow (no floating bar over the content).
 * Under 768 px it is hidden and the bottom bar takes over.
 */
export function TopNavigation({ isExpert }: { isExpert: boolean }) {
  const item = ({ isActive }: { isActive: boolean }) =>
    `inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors ${
      isActive
        ? 'bg-secondary text-secondary-foreground'
        : 'text-muted-foreground hover:bg-muted hover:text-foreground'
    }`;
  return (
    <nav aria-label="Main" className="hidden md:block" data-testid="top-navigation">
      <ul className="flex items-center gap-1">
        {destinations(isExpert).map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className={item}>
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Under 768 px: the phone's bottom tab bar. The page reserves its height (plus the safe area) as
 * bottom padding, so nothing is hidden under it.
 */
export function BottomNavigation({ isExpert }: { isExpert: boolean }) {
  const item = ({ isActive }: { isActive: boolean }) =>
    `flex flex-1 flex-col items-center gap-1 py-2 text-xs font-medium ${isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground'}`;
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background pb-[env(safe-area-inset-bottom)] md:hidden"
      data-testid="bottom-navigation"
    >
      <div className="mx-auto flex max-w-md">
        {destinations(isExpert).map(({ to, label, icon: Icon, end }) => (
          <NavLink key={to} to={to} end={end} className={item}>
            <Icon className="size-5" aria-hidden="true" />
            {label}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
