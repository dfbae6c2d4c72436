import { buildDiagram } from './diagram';

describe('diagram (Mermaid)', () => {
  it('draws a numbered process as a flowchart whose "if …; otherwise …" step is a decision with both branches', () => {
    const r = buildDiagram({
      text: '1. Receive the order\n2. Check stock\n3. If the item is in stock, ship it; otherwise, notify the customer\n4. Send the invoice',
    });
    expect(r.type).toBe('flowchart');
    const lines = r.diagram.split('\n');
    expect(lines[0]).toBe('flowchart TD');
    const idOf = (label: string) =>
      lines
        .find((l) => l.includes(`"${label}"`))!
        .trim()
        .match(/^(n\d+)/)![1]!;
    const decision = idOf('The item is in stock?');
    expect(lines.find((l) => l.includes(`${decision}{`))).toBeDefined();
    expect(lines).toContain(`  ${decision} -->|Yes| ${idOf('Ship it')}`);
    expect(lines).toContain(`  ${decision} -->|No| ${idOf('Notify the customer')}`);
    // Both branches rejoin at the next step.
    expect(lines).toContain(`  ${idOf('Ship it')} --> ${idOf('Send the invoice')}`);
    expect(lines).toContain(`  ${idOf('Notify the customer')} --> ${idOf('Send the invoice')}`);
  });

  it('draws messages between parties as a sequence diagram, sending replies back to whoever asked', () => {
    const r = buildDiagram({
      text: 'The client sends the API a login request. The API queries the Database for the user. The Database returns the user record. The API returns a token to the client.',
    });
    expect(r.type).toBe('sequence');
    expect(r.diagram.split('\n')).toEqual([
      'sequenceDiagram',
      '  participant client',
      '  participant API',
      '  participant Database',
      '  client->>API: sends a login request',
      '  API->>Database: queries for the user',
      '  Database-->>API: returns the user record',
      '  API-->>client: returns a token',
    ]);
  });

  it('escapes quotes and semicolons so labels cannot break the markup', () => {
    const r = buildDiagram({ steps: ['Say "hi"; wave', 'Leave'], type: 'flowchart' });
    expect(r.diagram).toContain('["Say #quot;hi#quot;#59; wave"]');
    expect(r.edges).toBe(1);
  });

  it('continues a decision only from the branch the next step speaks of (the issue: an edge from a successful login to the lockout)', () => {
    const r = buildDiagram({
      text: '1. The user enters a password\n2. If the password is correct, log the user in; otherwise, add one to the failed attempts\n3. If the failed attempts reach five, lock the account',
    });
    const lines = r.diagram.split('\n');
    const idOf = (label: string) =>
      lines
        .find((l) => l.includes(label))!
        .trim()
        .match(/^(n\d+)/)![1]!;
    const lockout = idOf('The failed attempts reach five?');
    expect(lines).toContain(`  ${idOf('Add one to the failed attempts')} --> ${lockout}`);
    expect(lines).not.toContain(`  ${idOf('Log the user in')} --> ${lockout}`);
  });

  it('reads "A -> B: message" lines as a sequence diagram', () => {
    const r = buildDiagram({ text: 'Shop -> Gateway: create charge\nGateway -> Bank: authorise card\nBank -> Gateway: approved' });
    expect(r.type).toBe('sequence');
    expect(r.edges).toBe(3);
  });
});
