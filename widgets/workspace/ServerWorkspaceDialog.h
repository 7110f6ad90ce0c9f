#pragma once

#include <QDialog>

class QCheckBox;
class QLineEdit;
class QSpinBox;

namespace rd {

// File ▸ Open Workspace on a Server…: where a team's shared workspace is
// (PostgreSQL host, port, database, user). libpq reads the password from
// PGPASSWORD or ~/.pgpass; one typed here is kept for this session, or in
// the user's keyring when asked to — never in settings, recent-workspace
// lists or messages.
class ServerWorkspaceDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ServerWorkspaceDialog(QWidget *parent = nullptr);

    // postgresql://USER@HOST:PORT/DATABASE
    QString location() const;
    // Make the workspace's tables when the database has none yet.
    bool createIfEmpty() const;
    // Fills the fields from an address used before.
    void setLocation(const QString &location);
    // Hands a typed password to the store (for this session, and to the
    // keyring when "Remember in keyring" is on) before closing.
    void accept() override;

private:
    void updateOk();

    QLineEdit *m_host;
    QSpinBox *m_port;
    QLineEdit *m_database;
    QLineEdit *m_user;
    QCheckBox *m_create;
    QLineEdit *m_password;
    QCheckBox *m_remember;
};

} // namespace rd
