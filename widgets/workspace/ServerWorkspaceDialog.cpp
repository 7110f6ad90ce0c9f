#include "ServerWorkspaceDialog.h"

#include <ServerPassword.h>

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QUrl>
#include <QVBoxLayout>

namespace rd {

ServerWorkspaceDialog::ServerWorkspaceDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Open Workspace on a Server"));
    m_host = new QLineEdit(QStringLiteral("localhost"), this);
    m_host->setObjectName(QStringLiteral("serverHost"));
    m_port = new QSpinBox(this);
    m_port->setObjectName(QStringLiteral("serverPort"));
    m_port->setRange(1, 65535);
    m_port->setValue(5432);
    m_database = new QLineEdit(this);
    m_database->setObjectName(QStringLiteral("serverDatabase"));
    m_database->setPlaceholderText(QStringLiteral("reviewdesk"));
    m_user = new QLineEdit(qEnvironmentVariable("USER"), this);
    m_user->setObjectName(QStringLiteral("serverUser"));
    m_create = new QCheckBox(tr("Make the workspace there if the database is empty"), this);
    m_create->setObjectName(QStringLiteral("serverCreate"));
    m_password = new QLineEdit(this);
    m_password->setObjectName(QStringLiteral("serverPassword"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("from PGPASSWORD, ~/.pgpass or the keyring"));
    m_remember = new QCheckBox(tr("Remember in keyring"), this);
    m_remember->setObjectName(QStringLiteral("serverRemember"));
    auto *note = new QLabel(tr("Without a password here, it is read from the PGPASSWORD variable, from ~/.pgpass or from your keyring. ReviewDesk never writes it "
                               "into the workspace, its settings or a log."),
                            this);
    note->setWordWrap(true);

    auto *form = new QFormLayout;
    form->addRow(tr("&Host:"), m_host);
    form->addRow(tr("&Port:"), m_port);
    form->addRow(tr("&Database:"), m_database);
    form->addRow(tr("&User:"), m_user);
    form->addRow(tr("Pass&word:"), m_password);
    form->addRow(QString(), m_remember);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_create);
    layout->addWidget(note);
    layout->addWidget(buttons);
    for (QLineEdit *edit : {m_host, m_database, m_user})
        connect(edit, &QLineEdit::textChanged, this, &ServerWorkspaceDialog::updateOk);
    updateOk();
}

QString ServerWorkspaceDialog::location() const
{
    QUrl url;
    url.setScheme(QStringLiteral("postgresql"));
    url.setHost(m_host->text().trimmed());
    url.setPort(m_port->value());
    url.setUserName(m_user->text().trimmed());
    url.setPath(QLatin1Char('/') + m_database->text().trimmed());
    return url.toString();
}

bool ServerWorkspaceDialog::createIfEmpty() const
{
    return m_create->isChecked();
}

void ServerWorkspaceDialog::setLocation(const QString &location)
{
    const QUrl url(location);
    if (!url.isValid() || url.scheme().isEmpty())
        return;
    m_host->setText(url.host());
    m_port->setValue(url.port(5432));
    m_user->setText(url.userName());
    m_database->setText(url.path().mid(1));
}

void ServerWorkspaceDialog::accept()
{
    const QString password = m_password->text();
    if (!password.isEmpty()) {
        const QString key = server_password::keyringKey(QUrl(location()), QProcessEnvironment::systemEnvironment());
        server_password::rememberForSession(key, password);
        if (m_remember->isChecked())
            if (auto kept = server_password::keyring().write(server_password::KeyringService, key, password); !kept)
                QMessageBox::warning(this, windowTitle(), tr("%1. The password is used until ReviewDesk is closed.").arg(kept.error().message));
    }
    m_password->clear();
    QDialog::accept();
}

void ServerWorkspaceDialog::updateOk()
{
    // A database name and a host are needed; the user may be libpq's default.
    const bool complete = !m_host->text().trimmed().isEmpty() && !m_database->text().trimmed().isEmpty()
                          && !m_database->text().contains(QLatin1Char('/'));
    if (auto *buttons = findChild<QDialogButtonBox *>())
        buttons->button(QDialogButtonBox::Open)->setEnabled(complete);
}

} // namespace rd
