/** The mails this module sends: what they say, in one place. */
export const codeMail = (code: string) => ({
  subject: `${code} is your Sampada e-mail verification code`,
  body: [
    `Your verification code is ${code}.`,
    '',
    'Enter it in the Sampada app within 15 minutes to confirm this e-mail address.',
    'If you did not ask for it, ignore this message: your account is unchanged.',
  ].join('\n'),
});

export const changedMail = (newAddress: string) => ({
  subject: 'Your Sampada e-mail address was changed',
  body: [
    `The e-mail address on your Sampada account is now ${newAddress}.`,
    'Contract notes, statements and notices will go there from now on.',
    '',
    'If you did not make this change, call us at once: your account may be at risk.',
  ].join('\n'),
});
