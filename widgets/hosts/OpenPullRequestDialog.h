#pragma once

#include <PullRequestOpening.h>

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace rd {

// File ▸ Open Pull Request…: a pull request's address (read as it is typed,
// saying which host, project and number it names), where to fetch it into,
// and how to reach its host. The API address and the token's variable name
// are remembered per server; the token itself never is.
class OpenPullRequestDialog : public QDialog
{
    Q_OBJECT

public:
    explicit OpenPullRequestDialog(QWidget *parent = nullptr);

    void setUrl(const QString &url);
    PullRequestOpenOptions options() const;
    // What Refresh asks a merge request opened from its host with: its page
    // and clone, and the API address and token variable remembered for its
    // server (the dialog's, last time).
    static PullRequestOpenOptions rememberedOptions(const QString &url, const QString &repository);
    // Keeps the API address and token variable for the URL's server (QSettings).
    void rememberServerSettings() const;

    // For tests: whether the address names a pull request, and what was read.
    bool isInputValid() const { return m_valid; }
    QString status() const;

private:
    void urlChanged();

    QLineEdit *m_url = nullptr;
    QLabel *m_urlStatus = nullptr;
    QLineEdit *m_clone = nullptr;
    QLineEdit *m_apiBase = nullptr;
    QLineEdit *m_tokenVariable = nullptr;
    QCheckBox *m_importComments = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QString m_server; // whose remembered settings the fields show
    bool m_valid = false;
};

} // namespace rd
