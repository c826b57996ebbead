import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from 'sonner';
import { AlertCircle, Info, MoreHorizontal, TriangleAlert, CheckCircle2, Mail } from 'lucide-react';
import '../../../styles/index.css';
import { Button } from '../button';
import { Input } from '../input';
import { Textarea } from '../textarea';
import { Label } from '../label';
import { Checkbox } from '../checkbox';
import { Switch } from '../switch';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../select';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../card';
import { Badge } from '../badge';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../tabs';
import { Avatar } from '../avatar';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger, DropdownMenuSeparator } from '../dropdown-menu';
import { Popover, PopoverContent, PopoverTrigger } from '../popover';
import { Progress } from '../progress';
import { Skeleton } from '../skeleton';
import { Spinner } from '../spinner';
import { Separator } from '../separator';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../table';
import { Alert, AlertDescription, AlertTitle } from '../alert';
import { Tooltip, TooltipContent, TooltipTrigger } from '../tooltip';
import { DateInput } from '../date-input';
import { PasswordInput } from '../password-input';
import { Field } from '../field';
import { Toaster } from '../toaster';

function Demo() {
  const [dialog, setDialog] = useState(new URLSearchParams(location.search).has('dialog'));
  return (
    <main className="mx-auto grid max-w-4xl gap-6 p-6">
      <h1 className="text-2xl font-semibold">Kit</h1>
      <div className="flex flex-wrap gap-2">
        {(['default', 'secondary', 'outline', 'ghost', 'destructive', 'link'] as const).map((v) => (
          <Button key={v} variant={v}>{v}</Button>
        ))}
        <Button size="sm">Small</Button><Button size="lg">Large</Button>
        <Button size="icon" aria-label="Mail"><Mail /></Button>
        <Button disabled>Disabled</Button>
        <Button asChild><a href="#x">Link button</a></Button>
      </div>
      <div className="flex flex-wrap gap-2">
        {(['default', 'secondary', 'outline', 'destructive', 'success', 'warning'] as const).map((v) => (
          <Badge key={v} variant={v}>{v}</Badge>
        ))}
      </div>
      <Card>
        <CardHeader><CardTitle asChild><h2>Sign up</h2></CardTitle><CardDescription>Create your account</CardDescription></CardHeader>
        <CardContent className="grid gap-4">
          <Field label="Email" required error="Please enter a valid email"><Input placeholder="you@example.com" /></Field>
          <Field label="Password" description="At least 6 characters"><PasswordInput /></Field>
          <Field label="Bio"><Textarea placeholder="About you" /></Field>
          <DateInput label="Start date" />
          <Field label="Category">{(p) => (
            <Select><SelectTrigger {...p}><SelectValue placeholder="Pick one" /></SelectTrigger>
              <SelectContent><SelectItem value="a">Alpha</SelectItem><SelectItem value="b">Beta</SelectItem></SelectContent></Select>
          )}</Field>
          <Field label="Accept Payment Processing Terms" orientation="horizontal"><Checkbox /></Field>
          <div className="flex items-center gap-2"><Switch id="sw" /><Label htmlFor="sw">Notifications</Label></div>
        </CardContent>
        <CardFooter><Button>Submit</Button></CardFooter>
      </Card>
      <Tabs defaultValue="profile"><TabsList aria-label="Profile sections"><TabsTrigger value="profile">Profile</TabsTrigger><TabsTrigger value="security">Security</TabsTrigger></TabsList>
        <TabsContent value="profile">Profile content</TabsContent><TabsContent value="security">Security content</TabsContent></Tabs>
      <div className="flex items-center gap-3"><Avatar name="Ada Lovelace" /><Avatar name="Bo" className="size-8" decorative /><span>Bo</span>
        <Spinner /><Spinner showLabel label="Loading..." /></div>
      <Progress value={45} label="Uploading document" />
      <Skeleton className="h-6 w-40" />
      <Separator />
      <Alert><Info /><AlertTitle>Default</AlertTitle><AlertDescription>Plain message.</AlertDescription></Alert>
      <Alert variant="destructive"><AlertCircle /><AlertTitle>Error</AlertTitle><AlertDescription>Something failed.</AlertDescription></Alert>
      <Alert variant="warning"><TriangleAlert /><AlertTitle>Warning</AlertTitle><AlertDescription>Careful.</AlertDescription></Alert>
      <Alert variant="info"><Info /><AlertTitle>Info</AlertTitle><AlertDescription>FYI.</AlertDescription></Alert>
      <Alert variant="success"><CheckCircle2 /><AlertTitle>Done</AlertTitle><AlertDescription>Saved.</AlertDescription></Alert>
      <Table><TableHeader><TableRow><TableHead>Name</TableHead><TableHead>Status</TableHead></TableRow></TableHeader>
        <TableBody><TableRow><TableCell>Task one</TableCell><TableCell><Badge variant="success">paid</Badge></TableCell></TableRow></TableBody></Table>
      <div className="flex gap-2">
        <DropdownMenu><DropdownMenuTrigger asChild><Button variant="outline" size="icon" aria-label="More"><MoreHorizontal /></Button></DropdownMenuTrigger>
          <DropdownMenuContent><DropdownMenuItem>Edit</DropdownMenuItem><DropdownMenuSeparator /><DropdownMenuItem variant="destructive">Delete</DropdownMenuItem></DropdownMenuContent></DropdownMenu>
        <Popover><PopoverTrigger asChild><Button variant="outline">Popover</Button></PopoverTrigger><PopoverContent>Hello</PopoverContent></Popover>
        <Tooltip><TooltipTrigger asChild><Button variant="outline">Tip</Button></TooltipTrigger><TooltipContent>Tooltip text</TooltipContent></Tooltip>
        <Dialog open={dialog} onOpenChange={setDialog}><DialogTrigger asChild><Button>Dialog</Button></DialogTrigger>
          <DialogContent preventClose><DialogHeader><DialogTitle>How will you use the product?</DialogTitle><DialogDescription>You can change this later.</DialogDescription></DialogHeader>
            <div className="grid gap-3 sm:grid-cols-2"><Button variant="outline" className="h-auto flex-col items-start gap-2 p-4 text-left whitespace-normal"><span className="font-semibold">I need a task done</span><span className="text-sm font-normal text-muted-foreground">Post remote inspections and hire a verified local expert.</span></Button></div>
            <DialogFooter><Button onClick={() => setDialog(false)}>Done</Button></DialogFooter></DialogContent></Dialog>
        <Button onClick={() => { toast.success('Payment setup completed successfully!'); toast.error('Failed to sign out'); toast.warning('Your session is about to expire'); toast.info('Heads up', { description: 'Details' }); }}>Toasts</Button>
      </div>
      <Toaster />
    </main>
  );
}
createRoot(document.getElementById('root')!).render(<Demo />);
