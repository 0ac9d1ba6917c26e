import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';

function Three({ onValueChange, disabled }: { onValueChange?: (value: string) => void; disabled?: string }) {
  return (
    <Tabs defaultValue="a" onValueChange={onValueChange}>
      <TabsList aria-label="Letters">
        {['a', 'b', 'c'].map((value) => (
          <TabsTrigger key={value} value={value} disabled={value === disabled}>
            Tab {value}
          </TabsTrigger>
        ))}
      </TabsList>
      {['a', 'b', 'c'].map((value) => (
        <TabsContent key={value} value={value}>
          Panel {value}
        </TabsContent>
      ))}
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('ties each tab to its panel, selects the default and shows only its panel', () => {
    render(<Three />);
    expect(screen.getByRole('tablist', { name: 'Letters' })).toHaveAttribute('aria-orientation', 'horizontal');
    expect(tab('Tab a')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Tab a')).toHaveAttribute('data-state', 'active');
    expect(tab('Tab b')).toHaveAttribute('aria-selected', 'false');
    expect([tab('Tab a').tabIndex, tab('Tab b').tabIndex]).toEqual([0, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('Panel a');
    expect(panel).toHaveAttribute('aria-labelledby', tab('Tab a').id);
    expect(tab('Tab a')).toHaveAttribute('aria-controls', panel.id);
    expect(screen.queryByText('Panel b')).not.toBeInTheDocument();
  });

  it('switches on click and says so once', async () => {
    const changed = vi.fn();
    render(<Three onValueChange={changed} />);
    await userEvent.click(tab('Tab b'));
    expect(tab('Tab b')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel b');
    await userEvent.click(tab('Tab b'));
    expect(changed.mock.calls).toEqual([['b']]);
  });

  it('moves focus and selection with the arrow keys (looping, skipping a disabled tab), Home and End', async () => {
    render(<Three disabled="b" />);
    await userEvent.click(tab('Tab a'));
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Tab c')).toHaveFocus();
    expect(tab('Tab c')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Tab a')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Tab c')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(tab('Tab a')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel c');
  });

  it('follows a controlled value', async () => {
    function Controlled() {
      const [value, setValue] = useState('a');
      return (
        <>
          <button onClick={() => setValue('c')}>outside</button>
          <Tabs value={value} onValueChange={setValue}>
            <TabsList>
              <TabsTrigger value="a">A</TabsTrigger>
              <TabsTrigger value="c">C</TabsTrigger>
            </TabsList>
            <TabsContent value="a">first</TabsContent>
            <TabsContent value="c">third</TabsContent>
          </Tabs>
        </>
      );
    }
    render(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: 'outside' }));
    expect(tab('C')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('third');
  });
});
