import { Link } from 'react-router';
import { cn } from '@web/components/ui/cn';
import { Logo } from './logo';

/**
 * The site header of the pages that stand outside the app shell (legal pages, the report check, a
 * public profile, a new password): the brand, linking home.
 */
export function LogoHeader({ width, className, compact = false }: { width: string; className?: string; compact?: boolean }) {
  return (
    <header className={cn('border-b', className)}>
      <div className={cn('mx-auto flex items-center px-4', compact ? 'h-14' : 'h-16', width)}>
        <Link to="/" className="flex items-center gap-2 font-semibold">
          <Logo />
        </Link>
      </div>
    </header>
  );
}
