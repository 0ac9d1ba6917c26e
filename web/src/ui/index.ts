/** Shared UI primitives (Radix + Tailwind, light and dark). */
export { Button, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button';
export { IconButton, type IconButtonProps } from './IconButton';
export { Tooltip, TooltipProvider, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, type TooltipProps } from './Tooltip';
export { Dialog, DialogClose, DialogContent, DialogTrigger, type DialogContentProps } from './Dialog';
export {
  DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem,
  DropdownMenuSeparator, DropdownMenuTrigger,
} from './DropdownMenu';
export { DROPDOWN_MAX_HEIGHT_PX } from './dropdown-height';
export { Popover, PopoverClose, PopoverContent, PopoverTrigger } from './Popover';
export { MountOnceOpened } from './MountOnceOpened';
export { Spinner, type SpinnerProps } from './Spinner';
export { Input, type InputProps } from './Input';
export { Textarea, type TextareaProps } from './Textarea';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';
export { Collapsible, CollapsibleContent, CollapsibleTrigger } from './Collapsible';
export { CopyButton, COPIED_MS, type CopyButtonProps } from './CopyButton';
