import { describe, expect, it } from 'vitest';
import { confirmationEmail, invitationEmail, passwordResetEmail, type BuiltEmail } from './messages';

/** The href values of every link in an HTML body. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? '');
}

const builders = [
  { name: 'confirmation', build: confirmationEmail, route: 'login' },
  { name: 'password reset', build: passwordResetEmail, route: 'reset-password' },
  { name: 'invitation', build: invitationEmail, route: 'accept-invite' },
] as const;

describe.each(builders)('$name email', ({ build, route }) => {
  it.each(['https://bpa.example.org', 'https://bpa.example.org/', 'https://bpa.example.org//'])('builds an absolute link from PUBLIC_URL %s', (publicUrl) => {
    const email = build({ publicUrl, token: 'abc123' });
    expect(email.link).toBe(`https://bpa.example.org/${route}/abc123`);
  });

  it('keeps a path prefix of PUBLIC_URL', () => {
    expect(build({ publicUrl: 'http://localhost:3000/bpa/', token: 't' }).link).toBe(`http://localhost:3000/bpa/${route}/t`);
  });

  it('URL-encodes the token', () => {
    const email = build({ publicUrl: 'https://bpa.example.org', token: 'a/b?c#d "e" <f>' });
    expect(email.link).toBe(`https://bpa.example.org/${route}/a%2Fb%3Fc%23d%20%22e%22%20%3Cf%3E`);
  });

  it('puts the link in both bodies and titles the HTML with the subject', () => {
    const email: BuiltEmail = build({ publicUrl: 'https://bpa.example.org', token: 'tok' });
    expect(email.text).toContain(`\n${email.link}\n`);
    expect(email.text.startsWith('Bridge Partnership Agreements\n')).toBe(true);
    expect(hrefs(email.html)).toEqual([email.link, email.link]);
    expect(email.html).toContain(`<title>${email.subject}</title>`);
    expect(email.html).toContain('<html lang="en">');
    expect(email.subject).toContain('Bridge Partnership Agreements');
  });

  it('refuses a PUBLIC_URL that would not give an absolute web link', () => {
    expect(() => build({ publicUrl: '/relative', token: 't' })).toThrow(TypeError);
    expect(() => build({ publicUrl: 'javascript:alert(1)', token: 't' })).toThrow(TypeError);
  });
});

describe('the text of each email', () => {
  const publicUrl = 'https://bpa.example.org';

  it('confirmation: asks to confirm and says the link lasts 7 days', () => {
    const email = confirmationEmail({ publicUrl, token: 't' });
    expect(email.subject).toBe('Confirm your email address for Bridge Partnership Agreements');
    expect(email.text).toContain('confirm your email address');
    expect(email.text).toContain('7 days');
    expect(email.html).toContain('Confirm my email address');
  });

  it('password reset: says the link expires after 1 hour', () => {
    const email = passwordResetEmail({ publicUrl, token: 't' });
    expect(email.subject).toBe('Reset your Bridge Partnership Agreements password');
    expect(email.text).toContain('The link expires after 1 hour');
    expect(email.html).toContain('The link expires after 1 hour');
  });

  it('invitation: names who invited, or an administrator, and says the link lasts 7 days', () => {
    expect(invitationEmail({ publicUrl, token: 't', invitedBy: 'admin@bpa.test' }).text).toContain(
      'admin@bpa.test has created a Bridge Partnership Agreements account for you',
    );
    const anonymous = invitationEmail({ publicUrl, token: 't' });
    expect(anonymous.text).toContain('An administrator has created');
    expect(anonymous.text).toContain('7 days');
    expect(invitationEmail({ publicUrl, token: 't', invitedBy: '   ' }).text).toContain('An administrator has created');
  });
});

describe('HTML escaping', () => {
  it('escapes a hostile inviter name everywhere in the HTML body', () => {
    const hostile = `"><script>alert('x')</script><a href="https://evil.example">`;
    const email = invitationEmail({ publicUrl: 'https://bpa.example.org', token: 't', invitedBy: hostile });

    expect(email.html).not.toContain('<script');
    expect(email.html).not.toContain('evil.example">');
    expect(email.html).toContain('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&lt;a href=&quot;https://evil.example&quot;&gt;');
    expect(hrefs(email.html)).toEqual([email.link, email.link]);
    // The text body is plain text: the value stays as typed.
    expect(email.text).toContain(hostile);
  });

  it('escapes a hostile PUBLIC_URL path in the href attribute', () => {
    const email = confirmationEmail({ publicUrl: 'https://bpa.example.org/a"b<c>', token: 't' });
    expect(email.html).not.toContain('a"b<c>');
    expect(email.html).toContain('href="https://bpa.example.org/a&quot;b&lt;c&gt;/login/t"');
  });
});
