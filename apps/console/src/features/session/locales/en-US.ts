export default {
  login: {
    subtitle: 'Operations console for stock and new-share trading',
    username: 'Username',
    password: 'Password',
    googleCode: 'Authenticator code',
    usernameRequired: 'Please enter your username',
    passwordRequired: 'Please enter your password',
    googleCodeRequired: 'Please enter the 6-digit authenticator code',
    googleCodeHint: 'Two-step verification is on for this account: enter the 6-digit code from your authenticator app',
    submit: 'Sign in',
    registerLink: 'Create an account',
  },
};
